"""The rules engine: pure Python, no I/O. Use the functions of engine.core.api."""
