"""The games, one package each with the same skeleton: ``Rules``, combinations, ``Deal``,
settlement (and, for trick games, ``classify``, ``beats`` and a solver)."""
