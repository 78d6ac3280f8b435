"""The program's start: the Qt application, the first window and its preview map, the system
libraries Qt needs."""
