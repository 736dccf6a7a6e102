"""Protocol v1 servers wrapping third-party poker engines (see docs/protocol.md)."""
