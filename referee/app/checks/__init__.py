"""What checks the app from outside: the start bench, the smoke run, the screenshots."""
