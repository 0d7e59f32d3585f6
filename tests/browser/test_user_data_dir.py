"""--user-data-dir: a persistent profile that survives runs, is never deleted, is shared by the
conversations of its browser, and is refused (PROFILE_IN_USE) to a second browser."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import pytest

from browserx.browser import BrowserConfig, BrowserManager, launch_chrome
from browserx.browser.profile import claim_profile, prepare_user_data_dir, release_profile
from browserx.errors import ProfileInUseError, ValidationError
from browserx.tools import ToolContext, default_registry
from cli_process import browserx

REGISTRY = default_registry()


def caller(manager: BrowserManager, conversation_id: str):
    ctx = ToolContext(manager, conversation_id)

    async def call(name: str, **arguments):
        return await REGISTRY.dispatch(name, arguments, ctx)

    return call


async def test_cookies_and_local_storage_survive_two_cli_runs(server, tmp_path):
    profile = tmp_path / "profile"
    url = server.route("/profile/cli", "<title>profile</title>")
    code, out, err = await browserx(
        "eval",
        url,
        "document.cookie = 'sid=kept; max-age=3600'; localStorage.setItem('k', 'kept-too'); 1",
        "--user-data-dir",
        str(profile),
    )
    assert code == 0, err
    assert (profile / "Default").is_dir()  # the profile is still there after the browser closed
    code, out, err = await browserx(
        "eval", url, "document.cookie + '|' + localStorage.getItem('k')", "--user-data-dir", str(profile)
    )
    assert code == 0, err
    assert json.loads(out) == {"result": "sid=kept|kept-too"}
    # Without the profile, a run starts clean.
    code, out, err = await browserx("eval", url, "document.cookie + '|' + localStorage.getItem('k')")
    assert code == 0, err
    assert json.loads(out) == {"result": "|null"}


async def test_a_second_browser_on_the_profile_fails_with_profile_in_use(tmp_path):
    profile = str(tmp_path / "busy")
    async with BrowserManager(BrowserConfig(user_data_dir=profile)) as first:
        second = BrowserManager(BrowserConfig(user_data_dir=profile))
        with pytest.raises(ProfileInUseError):
            async with asyncio.timeout(30):  # a coded error, never a hang
                await second.start()
        await second.close()
        assert not first.connection_closed
    # Once the first browser is gone, its lock is stale and the profile is free again.
    async with BrowserManager(BrowserConfig(user_data_dir=profile)) as again:
        assert not again.connection_closed
    assert (tmp_path / "busy" / "Default").is_dir()


async def test_a_second_cli_run_on_a_busy_profile_exits_with_profile_in_use(tmp_path):
    profile = str(tmp_path / "busy-cli")
    async with BrowserManager(BrowserConfig(user_data_dir=profile)):
        code, _, err = await browserx("navigate", "about:blank", "--user-data-dir", profile)
    assert code == 1
    assert json.loads(err.strip().splitlines()[-1])["error"]["code"] == "PROFILE_IN_USE"


async def test_two_launches_racing_for_one_profile_give_one_browser_and_one_coded_error(tmp_path):
    profile = str(tmp_path / "race")
    async with asyncio.timeout(60):
        results = await asyncio.gather(
            launch_chrome(user_data_dir=profile), launch_chrome(user_data_dir=profile), return_exceptions=True
        )
    browsers = [r for r in results if not isinstance(r, BaseException)]
    errors = [r for r in results if isinstance(r, BaseException)]
    for chrome in browsers:
        await chrome.terminate()
    assert len(browsers) == 1 and len(errors) == 1
    assert isinstance(errors[0], ProfileInUseError), errors[0]
    assert (tmp_path / "race" / "Default").is_dir()  # neither the failed launch nor terminate removed it


async def test_conversations_share_the_profile_but_keep_their_own_tabs(server, tmp_path):
    url = server.route("/profile/shared", "<title>shared</title>")
    popup = server.route("/profile/popup", "<title>popup</title>")
    async with BrowserManager(BrowserConfig(user_data_dir=str(tmp_path / "shared"))) as manager:
        first, second = caller(manager, "one"), caller(manager, "two")
        await first("browser_navigate", url=url)
        await first("browser_eval", expression="document.cookie = 'who=first; max-age=3600'")
        await second("browser_navigate", url=url)
        seen = await second("browser_eval", expression="document.cookie")
        assert seen.data["result"] == "who=first"

        # A popup belongs to the conversation whose page opened it.
        await second("browser_eval", expression=f"window.open({popup!r}); 1")
        conv_one, conv_two = await manager.conversation("one"), await manager.conversation("two")
        await conv_two.settle_adoptions()
        assert len(conv_one.tabs) == 1 and len(conv_two.tabs) == 2

        # Closing one conversation closes its tabs only; the other goes on.
        targets_two = {t.target_id for t in conv_two.tabs.values()}
        assert await manager.close_conversation("two")
        pages = (await manager.connection.send("Target.getTargets"))["targetInfos"]
        assert not targets_two & {p["targetId"] for p in pages}
        again = await first("browser_eval", expression="document.cookie")
        assert again.success and again.data["result"] == "who=first"


def test_a_profile_for_an_attached_browser_or_a_file_is_refused(tmp_path):
    with pytest.raises(ValidationError):
        BrowserConfig(user_data_dir=str(tmp_path), cdp_url="http://127.0.0.1:9222")
    (tmp_path / "file").write_text("x")
    with pytest.raises(ValidationError):
        asyncio.run(launch_chrome(user_data_dir=str(tmp_path / "file")))


async def test_downloads_of_conversations_sharing_the_profile_reach_their_files(server, tmp_path):
    url = server.route(
        "/profile/file.csv",
        "a,b\n1,2\n",
        content_type="text/csv",
        headers={"Content-Disposition": 'attachment; filename="shared.csv"'},
    )
    async with BrowserManager(BrowserConfig(user_data_dir=str(tmp_path / "downloads"))) as manager:
        first, second = caller(manager, "one"), caller(manager, "two")
        await first("browser_tabs", action="list")
        await second("browser_tabs", action="list")  # the later conversation set the context's download path
        result = await first("browser_navigate", url=url)
        assert result.success, result.error
        path = Path(result.data["download"]["path"])
        assert path.read_text() == "a,b\n1,2\n"
        conversation = await manager.conversation("one")
        assert any(path.is_relative_to(root) for root in conversation.file_roots())
        await manager.close_conversation("two")  # closing the other one leaves downloads working
        again = await first("browser_navigate", url=url)
        assert again.success and Path(again.data["download"]["path"]).read_text() == "a,b\n1,2\n"


async def test_a_launch_claims_the_profile_before_chromium_locks_it_and_terminate_releases_it(tmp_path):
    # Another launch that has claimed the profile but whose Chromium has not locked it yet (the race above,
    # held open): refused at once, with no browser started; free again once the claim is released.
    profile = str(tmp_path / "claimed")
    claim = claim_profile(prepare_user_data_dir(profile))
    try:
        with pytest.raises(ProfileInUseError):
            await launch_chrome(user_data_dir=profile)
    finally:
        release_profile(claim)
    chrome = await launch_chrome(user_data_dir=profile)
    await chrome.terminate()
    again = await launch_chrome(user_data_dir=profile)  # terminate released the claim
    await again.terminate()
