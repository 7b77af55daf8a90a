"""Custom import-linter contract types SEForge's ``pyproject.toml`` uses."""
