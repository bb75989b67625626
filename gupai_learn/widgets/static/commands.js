// Shared by the widgets whose buttons ask Python to act (hand picker, line view): a button sends
// its name as "command" and Python does the rest; the widget listens to the traits it draws.

// A function that sets one synced trait and sends it to Python at once.
function sender(model) {
  return (name, value) => {
    // a press of the button just pressed: the browser may still hold that name (Python clears
    // it, but the browser site can miss the clearing), and setting an unchanged value sends
    // nothing, so the name is cleared first and the press always reaches Python
    if (name === "command" && model.get(name) === value) {
      model.set(name, "");
      model.save_changes();
    }
    model.set(name, value);
    model.save_changes();
  };
}

// One button per name in `container`, each sending its name as the command.
function commandButtons(container, names, send, cls) {
  container.replaceChildren();
  for (const name of names) {
    const b = document.createElement("button");
    b.textContent = name;
    b.className = cls || "gupai-action";
    b.addEventListener("click", () => send("command", name));
    container.appendChild(b);
  }
}

// Redraw on each change event listed as [event, draw]; the returned function stops listening
// (anywidget calls it when the view is removed).
function listen(model, events) {
  for (const [name, f] of events) model.on(name, f);
  return () => { for (const [name, f] of events) model.off(name, f); };
}
