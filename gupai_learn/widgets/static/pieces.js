// Shared by every widget that shows pieces to pick (hand picker, puzzle card): one button per
// piece, drawn from the SVG and spoken label Python sends together, so a picture and its label
// never disagree. Arrow keys move between pieces; Space or Enter toggles one.

// One part of a widget: a div with a class and attributes (role, aria-label, aria-live).
function part(className, attrs) {
  const div = document.createElement("div");
  div.className = className;
  for (const [name, value] of Object.entries(attrs || {})) div.setAttribute(name, value);
  return div;
}

function pieceButtons(container, pieces, selected, onToggle, cls) {
  const focused = document.activeElement && container.contains(document.activeElement)
    ? document.activeElement.dataset.index : undefined;
  const chosen = new Set(selected);
  container.replaceChildren();
  pieces.forEach((piece, i) => {
    const b = document.createElement("button");
    b.className = "gupai-piece " + (cls || "");
    b.dataset.index = String(i);
    b.innerHTML = piece.svg;
    b.setAttribute("aria-pressed", chosen.has(i) ? "true" : "false");
    b.setAttribute("aria-label", piece.label || "piece");
    b.addEventListener("click", () => onToggle(i));
    b.addEventListener("keydown", (e) => {
      const all = container.querySelectorAll("button.gupai-piece");
      const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
      if (step && all[i + step]) { all[i + step].focus(); e.preventDefault(); }
      if (e.key === "Home" && all[0]) { all[0].focus(); e.preventDefault(); }
      if (e.key === "End" && all.length) { all[all.length - 1].focus(); e.preventDefault(); }
    });
    container.appendChild(b);
  });
  if (focused !== undefined) {
    const again = container.querySelector(`button[data-index="${focused}"]`);
    if (again) again.focus();
  }
}

function toggled(selected, i) {
  const now = new Set(selected);
  if (now.has(i)) now.delete(i); else now.add(i);
  return [...now].sort((a, b) => a - b);
}
