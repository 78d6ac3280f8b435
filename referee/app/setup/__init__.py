"""The Setup dock: a scenario's setup procedure, step by step, beside the map (``panel.py``, the
panel; ``roll_box.py`` the setup-advantage roll; ``blind_box.py`` a blind setup's side behind
the screen; ``unit_list.py`` the units to set up; ``setup_map.py`` what it draws on the map;
``setup_steps.py`` the steps it asks the engine for, and their names)."""
