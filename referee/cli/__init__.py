"""The command line: the same engine as the app, one subcommand per job."""
