"""Benchmarks kept in the repository and run with ``referee bench``; never timed in tests."""
