"""`/docs`: the API's Swagger UI, served whole by this server so it works offline.

FastAPI's own page loads Swagger UI from a CDN; here its files come from the pinned
`swagger-ui-bundle-v2` package (Swagger UI 5, which reads OpenAPI 3.1) and are served under
`/docs/files`, so nothing leaves the server.
"""

from __future__ import annotations

from pathlib import Path

import swagger_ui_bundle
from fastapi import FastAPI
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

FILES = "/docs/files"
SWAGGER_UI = Path(swagger_ui_bundle.swagger_ui_path)


def install(app: FastAPI) -> None:
    """Serve `/docs` from local files; the app must be made with `docs_url=None`."""
    app.mount(FILES, StaticFiles(directory=SWAGGER_UI), name="swagger-ui")

    @app.get("/docs", include_in_schema=False)
    async def docs() -> HTMLResponse:
        return get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title=f"{app.title}: the API",
            swagger_js_url=f"{FILES}/swagger-ui-bundle.js",
            swagger_css_url=f"{FILES}/swagger-ui.css",
            swagger_favicon_url="/static/img/favicon.svg",
        )
