"""The API routers, one per area."""
