"""The deal form: one form for every sheet, its choices from the seating and the rules.

The form reads what was typed into an :class:`~.entry.Entry`; the scoring
module says what is wrong, and each problem is shown next to its field.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from flask import current_app
from flask_babel import get_locale
from flask_wtf import FlaskForm
from markupsafe import Markup
from wtforms import BooleanField, Field, HiddenField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice  # type: ignore[attr-defined]  # WTForms 3.3
from wtforms.validators import Length, Regexp

from scorekeeper.forms import MultiCheckboxField, options, wtforms_catalog
from scorekeeper.forms import lazy_words as _l
from scorekeeper.i18n import points_text
from scorekeeper.scoring import (
    Chelem,
    ChelemOutcome,
    Contract,
    DealError,
    PetitAuBoutRule,
    Poignee,
    PoigneeSize,
    Problem,
    RuleSet,
    Side,
    TableMode,
    contract_name,
    parse_points,
)
from scorekeeper.sheets.deal_form.choices import Groups, label_markup
from scorekeeper.sheets.deal_form.problems import Problems
from scorekeeper.sheets.entry import Entry

NO_PARTNER = "-"
"""The partner choice 'nobody else': the taker called a card of their own or in the chien."""
POINTS_LENGTH = 10
"""The most characters the points field takes (``maxlength`` on the page)."""
POINTS_TYPED = r"^\s*[0-9]{1,3}([.,][0-9]{1,3})?\s*$"
"""Points as the page's script waits for them before it asks for a preview."""

POIGNEE_SIZES = frozenset({"simple", "double", "triple"})
SIDES = frozenset({"attack", "defense"})
OUTCOMES = frozenset({"none", "attack", "defense"})
POIGNEE_CHOICES = options(
    [("", _l("none")), ("simple", _l("simple")), ("double", _l("double")), ("triple", _l("triple"))]
)


class DealForm(Groups, Problems, FlaskForm):
    """The fields every deal has; :func:`deal_form` adds the seat-dependent ones."""

    class Meta(FlaskForm.Meta):
        def get_translations(self, form: Any) -> Any:
            if not current_app.config.get("WTF_I18N_ENABLED", True):
                return super().get_translations(form)
            return wtforms_catalog(str(get_locale() or "fr"))

    dealer = SelectField(_l("Dealer"), validate_choice=False)
    sitting_out = SelectField(_l("Sitting out"), validate_choice=False)
    taker = RadioField(_l("Taker"), validate_choice=False)
    contract = RadioField(_l("Contract"), validate_choice=False)
    partner = RadioField(_l("Partner (called King)"), validate_choice=False)
    second_partner = RadioField(_l("Called Queen held by"), validate_choice=False)
    oudlers = RadioField(
        _l("Oudlers"), choices=options([(str(n), str(n)) for n in range(4)]), validate_choice=False
    )
    points_side = RadioField(
        _l("Points of"),
        choices=options([("attack", _l("attack")), ("defense", _l("defence"))]),
        default="attack",
        validate_choice=False,
    )
    points = StringField(_l("Points"), [Length(max=POINTS_LENGTH)])
    petit_au_bout = RadioField(
        _l("Petit au bout"),
        choices=options([("", _l("no")), ("attack", _l("attack")), ("defense", _l("defence"))]),
        default="",
        validate_choice=False,
    )
    petit_au_bout_player = SelectField(_l("Taken by"), validate_choice=False)
    chelem_announced = BooleanField(_l("Chelem announced"))
    chelem_outcome = RadioField(
        _l("Every trick taken by"),
        choices=options(
            [("none", _l("nobody")), ("attack", _l("attack")), ("defense", _l("defence"))]
        ),
        default="none",
        validate_choice=False,
    )
    miseres = MultiCheckboxField(_l("Misère"), validate_choice=False)
    # What the write is based on: the deal corrected (its id and version), or for a new
    # deal its own key, the deal number and the seating the form was shown with.
    deal = HiddenField(validators=[Regexp(r"^[0-9]{0,12}$")])
    version = HiddenField(validators=[Length(max=12)])
    once = HiddenField(validators=[Regexp(r"^[A-Za-z0-9_-]{0,32}$")])
    number = HiddenField(validators=[Regexp(r"^[0-9]{0,6}$")])
    seating = HiddenField(validators=[Length(max=1000)])
    # The dealer the server's rotation gave this deal number: a deal that keeps it is
    # dealt by the rotation of whatever number it is stored under.
    rotation = HiddenField(validators=[Length(max=200)])

    points_length = POINTS_LENGTH
    points_typed = POINTS_TYPED
    seated: list[str]
    mode: TableMode
    rules: RuleSet
    poignee_errors: list[str]

    @property
    def points_example(self) -> str:
        """The points field's example: a half point only where halves happen (3, 5)."""
        return str(_l("41.5")) if self.mode.playing % 2 else "49"

    def basis_number(self) -> int | None:
        """The deal number this form was shown for, if it says."""
        return int(self.number.data) if self.number.data else None

    def poignee_fields(self) -> list[tuple[str, Field]]:
        """The poignée field of each player of the deal, with the player's name: not the
        one who sits it out (a table of 5's dealer), who holds no hand to show."""
        out = self._seated(self.sitting_out.data) or self._seated(self.dealer.data)
        out = out if self.mode.dealer_sits_out else None
        return [(name, self[f"poignee_{i}"]) for i, name in enumerate(self.seated) if name != out]

    def poignees_html(self) -> Markup:
        """The poignée group of each player of the deal."""
        return Markup("".join(self.group_html(f.name, "poignee") for _, f in self.poignee_fields()))

    def poignees_shown(self) -> bool:
        """Whether any poignée is set, so the section opens."""
        return any(field.data for _, field in self.poignee_fields())

    def entry(self) -> Entry:
        """What was typed, as an entry; raise :class:`DealError` for what cannot be read."""
        problems: list[Problem] = self.not_offered()
        dealer = self._seated(self.dealer.data) or (self.seated[0] if self.seated else "")
        out: tuple[str, ...] = ()
        if self.mode.dealer_sits_out:
            out = (self._seated(self.sitting_out.data) or dealer,)
        problems.extend(Problem(name, "required") for name in self.missing())
        contract = None
        if self.contract.data:
            try:
                contract = Contract(self.contract.data)
            except ValueError:
                problems.append(Problem("contract", "contract_unknown"))
        oudlers = int(self.oudlers.data) if self.oudlers.data in {"0", "1", "2", "3"} else None
        points = None
        if self.points.data and self.points.data.strip():
            try:
                points = parse_points(self.points.data)
            except ValueError:
                problems.append(Problem("points", "points_range"))
            else:
                if self.points_side.data == "defense":
                    points = 91 - points
        poignees = tuple(
            Poignee(name, PoigneeSize(field.data))
            for name, field in self.poignee_fields()
            if field.data in POIGNEE_SIZES
        )
        petit = Side(self.petit_au_bout.data) if self.petit_au_bout.data in SIDES else None
        petit_player = None
        if petit is not None and self.rules.petit_au_bout is PetitAuBoutRule.PLAYER_FLAT:
            petit_player = self._seated(self.petit_au_bout_player.data)
        outcome = (
            ChelemOutcome(self.chelem_outcome.data)
            if self.chelem_outcome.data in OUTCOMES
            else ChelemOutcome.NONE
        )
        partner, queen = self._called(self.partner.data), self._called(self.second_partner.data)
        entry = Entry(
            dealer=dealer,
            seated=tuple(self.seated),
            sitting_out=out,
            taker=self.taker.data or None,
            contract=contract,
            partner=partner,
            second_partner=queen,
            oudlers=oudlers,
            points=points,
            poignees=poignees,
            petit_au_bout=petit,
            petit_au_bout_player=petit_player,
            chelem=Chelem(bool(self.chelem_announced.data), outcome),
            miseres=tuple(self.miseres.data or []),
        )
        if problems:
            raise DealError(problems)
        return entry

    def not_offered(self, passed: bool = False) -> list[Problem]:
        """The values no choice of the page gives: a dealer, or anyone named, who is not at
        the table; a poignée, side or outcome of no such kind. The page cannot send them,
        a forged form can: each is a problem at its field, never dropped or replaced. An
        empty field is a choice not made (:meth:`missing` says which are needed).
        ``passed``: only the fields of a deal everybody passed."""
        found = [
            Problem(name, "not_playing", {"name": value})
            for name in ("dealer", "sitting_out")
            if (value := self[name].data) and self._seated(value) is None
        ]
        if passed:
            return found
        if self.oudlers.data and self.oudlers.data not in {"0", "1", "2", "3"}:
            found.append(Problem("oudlers", "oudlers_range"))
        if self.points_side.data and self.points_side.data not in SIDES:
            found.append(Problem("points", "points_side_unknown"))  # shown with the points
        if any(f.data and f.data not in POIGNEE_SIZES for _, f in self.poignee_fields()):
            found.append(Problem("poignees", "poignee_size_unknown"))
        if self.petit_au_bout.data and self.petit_au_bout.data not in SIDES:
            found.append(Problem("petit_au_bout", "petit_side_unknown"))
        if (value := self.petit_au_bout_player.data) and self._seated(value) is None:
            found.append(Problem("petit_au_bout_player", "not_playing", {"name": value}))
        if self.chelem_outcome.data and self.chelem_outcome.data not in OUTCOMES:
            found.append(Problem("chelem", "chelem_outcome_unknown"))
        found += [
            Problem("miseres", "not_playing", {"name": name})
            for name in self.miseres.data or []
            if self._seated(name) is None
        ]
        return found

    def needed(self) -> list[str]:
        """The choices a deal needs, in the form's order (its script is given them). At 5
        and 6 players the partner is a choice too: "alone" is said, never assumed."""
        wanted = ["taker", "contract"]
        if self.mode.playing in (5, 6):
            wanted.append("partner")
        if self.mode.playing == 6:
            wanted.append("second_partner")
        return [*wanted, "oudlers", "points"]

    def missing(self) -> list[str]:
        """The choices the table has not made yet, in the form's order."""
        return [name for name in self.needed() if not (self[name].data or "").strip()]

    def typed(self) -> bool:
        """Whether the table has started to fill the deal in (then "everybody passed" asks)."""
        names = ("taker", "contract", "partner", "second_partner", "oudlers", "points")
        return any((self[name].data or "").strip() for name in names)

    def passed_entry(self) -> Entry:
        """Everybody passed: only the dealer and who sat out count; raise
        :class:`DealError` when either is not at the table."""
        if problems := self.not_offered(passed=True):
            raise DealError(problems)
        dealer = self._seated(self.dealer.data) or self.seated[0]
        out = (self._seated(self.sitting_out.data) or dealer,) if self.mode.dealer_sits_out else ()
        return Entry(dealer=dealer, seated=tuple(self.seated), sitting_out=out)

    def shows(self, name: str) -> bool:
        """Whether the page shows the field ``name`` for this table and rule set."""
        hidden = {
            "partner": self.mode.playing not in (5, 6),
            "second_partner": self.mode.playing != 6,
            "sitting_out": not self.mode.dealer_sits_out,
            "petit_au_bout_player": self.rules.petit_au_bout is not PetitAuBoutRule.PLAYER_FLAT,
            "miseres": not self.rules.misere,
        }
        return not hidden.get(name, False)

    def label_of(self, name: str) -> Markup:
        """The label of the field ``name`` as the page writes it (a word of the catalog
        looked up in the request's catalog: :func:`~.choices.label_markup`)."""
        return label_markup(self[name].label.text)

    def fill(self, entry: Entry) -> None:
        """Show a stored entry in the form, for a correction."""
        self.dealer.data = entry.dealer
        self.sitting_out.data = entry.sitting_out[0] if entry.sitting_out else ""
        self.taker.data = entry.taker or ""
        self.contract.data = entry.contract.value if entry.contract else ""
        self.partner.data = entry.partner or (NO_PARTNER if entry.taker else "")
        self.second_partner.data = entry.second_partner or (NO_PARTNER if entry.taker else "")
        self.oudlers.data = "" if entry.oudlers is None else str(entry.oudlers)
        self.points_side.data = "attack"
        self.points.data = "" if entry.points is None else points_text(entry.points)
        shown = {p.player: p.size.value for p in entry.poignees}
        for name, field in self.poignee_fields():
            field.data = shown.get(name, "")
        self.petit_au_bout.data = entry.petit_au_bout.value if entry.petit_au_bout else ""
        self.petit_au_bout_player.data = entry.petit_au_bout_player or ""
        self.chelem_announced.data = entry.chelem.announced
        self.chelem_outcome.data = entry.chelem.outcome.value
        self.miseres.data = list(entry.miseres)

    def _called(self, name: Any) -> str | None:
        """Who held a called card; ``None`` when it was the taker's or in the chien."""
        return name if isinstance(name, str) and name and name != NO_PARTNER else None

    def _seated(self, name: Any) -> str | None:
        return name if isinstance(name, str) and name in self.seated else None


@lru_cache(maxsize=256)
def _form_class(seated: tuple[str, ...]) -> type[DealForm]:
    """The deal form's class for a seating: one poignée field per seat, labelled with its
    player. Made once per seating (WTForms reads a new class's fields on its first use)."""
    fields = {
        f"poignee_{i}": RadioField(name, choices=POIGNEE_CHOICES, default="", validate_choice=False)
        for i, name in enumerate(seated)
    }
    return type("SheetDealForm", (DealForm,), fields)


@lru_cache(maxsize=256)
def _choices(
    seated: tuple[str, ...], six: bool, contracts: tuple[str, ...], lang: str
) -> dict[str, list[SelectChoice]]:
    """The choices of the fields that depend on the table: made once per seating, game
    (``six``: a King and a Queen called), contracts and language, and shared by the forms
    of a table (read only: nothing changes a form's choices once made)."""
    people = [(name, name) for name in seated]
    held = _l("the taker's or in the chien")
    return {
        "dealer": options(people),
        "sitting_out": options([("", _l("the dealer")), *people]),
        "taker": options(people),
        "contract": options([(c, contract_name(c, lang)) for c in contracts]),
        "partner": options([(NO_PARTNER, held if six else _l("alone")), *people]),
        "second_partner": options([(NO_PARTNER, held), *people]),
        "petit_au_bout_player": options([("", "—"), *people]),
        "miseres": options(people),
    }


def deal_form(
    seated: Sequence[str],
    mode: TableMode,
    rules: RuleSet,
    dealer: str | None = None,
    blank: bool = False,
) -> DealForm:
    """The deal form for this seating and rule set; ``dealer`` is the rotation's.
    ``blank``: a new form, whatever the request posted (the next form after a save)."""
    form: DealForm = _form_class(tuple(seated))(**({"formdata": None} if blank else {}))
    if dealer is not None and not form.dealer.data:
        form.dealer.data = dealer
    form.seated = list(seated)
    form.mode = mode
    form.rules = rules
    form.poignee_errors = []
    lang = str(get_locale() or "fr")
    contracts = tuple(c.value for c in rules.contracts)
    for name, choices in _choices(tuple(seated), mode.playing == 6, contracts, lang).items():
        form[name].choices = choices
    if mode.playing == 6:  # a King and a Queen called: each card's holder
        form.partner.label.text = _l("Called King held by")
    return form
