"""The ledger and the look of the sheet on a phone: six long names told apart at 360 px,
running totals on every row, dark mode with the contrast of the light one, and the
screen kept awake while a sheet is open."""

from __future__ import annotations

import pytest
from flask import Flask
from playwright.sync_api import Page, ViewportSize, expect

from scorekeeper.scoring import TableMode

from .conftest import widths
from .test_deal_form import (
    PHONES,
    SIX,
    TALL,
    TOO_SMALL,
    WORDS,
    Phone,
    choose,
    evening,
    phone,
    shot,
)

__all__ = ["phone"]  # the fixture, shared with the deal form's tests


@pytest.mark.parametrize(("lang", "size", "scheme"), PHONES[1:3])
def test_six_long_names_can_be_told_apart_at_360_px(
    phone: Phone, live_app: Flask, live_server: str, lang: str, size: ViewportSize, scheme: str
) -> None:
    page = phone(lang, size, scheme)
    token = evening(live_app, SIX, TableMode.SIX_DEALER_OUT)
    page.goto(f"{live_server}/e/{token}/deals/new")
    w = WORDS[lang]
    choose(page, w["Taker"], "Jean-Paul")
    choose(page, w["Contract"], w["Garde"])
    choose(page, w["Partner"], "Maximilien")
    choose(page, w["Oudlers"], "2")
    page.keyboard.type("49")
    page.get_by_role("button", name=w["Save"], exact=True).last.tap()
    expect(page.locator("#just-saved")).to_be_visible()
    page.goto(f"{live_server}/e/{token}")
    heads = page.locator("table.ledger thead tr:first-child th").all_inner_texts()[1:-1]
    assert len(set(heads)) == 6 and all(len(h) <= 4 for h in heads), heads
    cut = page.evaluate(
        "[...document.querySelectorAll('table.ledger thead th')]"
        ".filter(t => t.scrollWidth > t.clientWidth).map(t => t.textContent)"
    )
    assert cut == [], f"column heads cut short: {cut}"
    legend = page.locator(".names-legend").inner_text()
    assert all(name in legend for name in SIX), "the legend does not give the full names"
    small = page.evaluate(TOO_SMALL)
    assert small == [], f"tap targets under 44×44 px: {small}"
    scroll, inner = widths(page)
    assert scroll <= inner, f"the ledger scrolls sideways: {scroll} > {inner}"
    shot(page, f"ledger-six-{lang}-{size['width']}-{scheme}", full=True)
    # Running totals on every row: a switch this phone remembers.
    page.locator("#running-switch input[type=checkbox]").check()
    expect(page.locator("table.ledger .run").first).to_be_visible()
    page.reload()
    expect(page.locator("table.ledger .run").first).to_be_visible()
    shot(page, f"ledger-running-{lang}-{size['width']}-{scheme}", full=True)


# The contrast of every text on the page with what is behind it (WCAG: 4.5:1 for text).
CONTRAST = """() => {
  const rgb = c => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => [r, g, b].map(v => { v /= 255;
      return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); })
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  const back = e => { for (; e; e = e.parentElement) {
      const c = rgb(getComputedStyle(e).backgroundColor);
      if (c.length === 3 || c[3] > 0.5) return c; } return [255, 255, 255]; };
  const bad = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const e = n.parentElement;
    if (!n.textContent.trim() || !e || e.offsetParent === null) continue;
    if (e.closest('.sr, [hidden]')) continue;
    const s = getComputedStyle(e);
    const f = lum(rgb(s.color)), b = lum(back(e));
    let ratio = (Math.max(f, b) + 0.05) / (Math.min(f, b) + 0.05);
    if (e.closest('.opt.off')) continue;  // a disabled button: WCAG asks no contrast of it
    if (ratio < 4.5) bad.push(`${n.textContent.trim().slice(0, 25)} ${ratio.toFixed(2)}`);
  }
  return bad;
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_dark_mode_follows_the_phone_with_the_same_contrast(
    phone: Phone, live_app: Flask, live_server: str, scheme: str
) -> None:
    page = phone("en", TALL, scheme)
    token = evening(live_app)
    page.goto(f"{live_server}/e/{token}/deals/new")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert (background == "rgb(18, 20, 18)") == (scheme == "dark")
    page.get_by_role("button", name="Save", exact=True).last.tap()  # errors shown too
    expect(page.locator("#taker .error")).to_be_visible()
    choose(page, "Taker", "Bob")
    assert page.evaluate(CONTRAST) == []
    page.goto(f"{live_server}/e/{token}")
    assert page.evaluate(CONTRAST) == []
    shot(page, f"ledger-{scheme}")


def test_the_screen_stays_awake_while_a_sheet_is_open(
    page: Page, live_app: Flask, live_server: str
) -> None:
    page.add_init_script("""
      window.wakeAsked = 0;
      Object.defineProperty(navigator, 'wakeLock', {value: {request: function () {
        window.wakeAsked += 1; return Promise.reject(new Error('not here')); }}});""")
    token = evening(live_app)
    for path in ("/deals/new", ""):
        page.goto(f"{live_server}/e/{token}{path}")
        page.wait_for_load_state("load")
        assert page.evaluate("window.wakeAsked") == 1, f"no wake lock on /e/<token>{path}"
