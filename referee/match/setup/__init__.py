"""Setting a match up: the units of army lists (:mod:`army_setup`) placed in their zones
(:mod:`setup_place`), and the ready demo match (:mod:`demo`)."""
