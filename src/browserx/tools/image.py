"""read_image: an image file from disk, checked and sized for the model."""

from __future__ import annotations

from pathlib import Path

from pydantic import Field

from ..browser.files import allowed_path
from ..errors import ImageError
from .base import Hints, Image, Tool, ToolContext, ToolOutput
from .params import Duration, Params, duration_field

_FORMATS = {"PNG": "image/png", "JPEG": "image/jpeg", "GIF": "image/gif", "WEBP": "image/webp"}


def _heic_support() -> bool:
    """HEIC/HEIF (phone photos) when the optional pillow-heif decoder is installed."""
    try:
        from pillow_heif import register_heif_opener
    except ImportError:
        return False
    register_heif_opener()
    _FORMATS["HEIF"] = "image/heic"
    return True


class ReadImageParams(Params):
    path: str = Field(min_length=1, max_length=4096)
    timeout: Duration = duration_field("15s")


MAX_LONG_EDGE = 1568
MAX_PIXELS = 1_150_000


def _fit(frame) -> tuple[bytes, int, int]:
    """Shrink to the model's image limits (long edge and total pixels), keep the aspect ratio; PNG bytes."""
    import io

    scale = min(1.0, MAX_LONG_EDGE / max(frame.width, frame.height), (MAX_PIXELS / (frame.width * frame.height)) ** 0.5)
    if scale < 1.0:
        frame = frame.resize((max(1, int(frame.width * scale)), max(1, int(frame.height * scale))))
    buffer = io.BytesIO()
    frame.save(buffer, format="PNG", optimize=False)
    return buffer.getvalue(), frame.width, frame.height


def load_image(path: str) -> tuple[Image, str]:
    from PIL import Image as PILImage, UnidentifiedImageError

    _heic_support()
    file = Path(path).expanduser()
    if not file.is_file():
        raise ImageError(f"image file not found: {file}")
    try:
        with PILImage.open(file) as img:
            fmt = img.format or ""
            if fmt not in _FORMATS:
                raise ImageError(f"{file} is {fmt or 'not an image'}; supported: {', '.join(_FORMATS)}")
            img.load()
            frame = img.convert("RGBA" if img.mode in ("RGBA", "LA", "P") else "RGB")
    except (UnidentifiedImageError, OSError, SyntaxError) as exc:
        raise ImageError(f"{file} is not a readable image: {exc}") from exc
    data, width, height = _fit(frame)
    original = f"{frame.width}x{frame.height}"
    note = f", resized from {original}" if (width, height) != (frame.width, frame.height) else ""
    description = f"Image from {file} (type: {_FORMATS[fmt]}, {width}x{height}{note})"
    return Image(data, "image/png"), description


async def read_image(ctx: ToolContext, params: ReadImageParams) -> ToolOutput:
    # Only files under the file roots (FILE_NOT_ALLOWED); a missing one there stays IMAGE_ERROR.
    path = allowed_path(params.path, (await ctx.conversation()).file_roots(), must_exist=False)
    image, description = load_image(str(path))
    return ToolOutput({"description": description}, images=[image])


TOOLS = [
    Tool(
        "read_image",
        "Show you an image file, resized to fit.",
        ReadImageParams,
        read_image,
        annotations=Hints(read_only=True, idempotent=True, open_world=False),
    ),
]
