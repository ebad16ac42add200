"""Players registered with the federation (the rating lists' people)."""
from __future__ import annotations

from datetime import date

from sqlalchemy import CheckConstraint, ColumnElement, Date, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column, relationship, validates

from damas.engine.folding import fold
from damas.engine.rating.lists import ALL_LISTS, RatingListKey
from damas.extensions import db
from damas.models.club import Club


class Player(db.Model):
    __tablename__ = "player"
    __table_args__ = (
        CheckConstraint("rating_regular IS NULL OR rating_regular >= 0", name="rating_regular_nonneg"),
        CheckConstraint("rating_rapid IS NULL OR rating_rapid >= 0", name="rating_rapid_nonneg"),
        CheckConstraint("rating_blitz IS NULL OR rating_blitz >= 0", name="rating_blitz_nonneg"),
        *(CheckConstraint(f"{f} IS NULL OR {f} >= 0", name=f"{f}_nonneg") for f in (
            "rating_d100_regular", "rating_d100_rapid", "rating_d100_blitz",
            "rating_chess_regular", "rating_chess_rapid", "rating_chess_blitz")),
        CheckConstraint("sex IN ('M', 'F')", name="sex_code"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    full_name: Mapped[str] = mapped_column(String(120), index=True)
    # The name as searches compare it (engine.folding: no accents, no case), set with the name
    # below so "cicero" finds "Cícero" in SQL on SQLite and PostgreSQL alike.
    name_folded: Mapped[str] = mapped_column(String(120), default="", server_default="", index=True)
    sex: Mapped[str] = mapped_column(String(1))
    birth_date: Mapped[date | None] = mapped_column(Date)
    club_id: Mapped[int | None] = mapped_column(ForeignKey("club.id"), index=True)
    state: Mapped[str] = mapped_column(String(2), default="")
    # The FIDE federation (3 letters) another program's TRF file gives (an export keeps
    # it); "" for the federation's own players, whose TRF federation is their state as before.
    fide_federation: Mapped[str] = mapped_column(String(3), default="", server_default="")
    federation_id: Mapped[str | None] = mapped_column(String(20), unique=True)
    fide_id: Mapped[str | None] = mapped_column(String(12), unique=True)
    rating_regular: Mapped[int | None]
    rating_rapid: Mapped[int | None]
    rating_blitz: Mapped[int | None]
    # The other games' lists (engine.rating.lists: one list per discipline and rate); the three
    # above are draughts 64's, the federation's game, under their first names.
    rating_d100_regular: Mapped[int | None]
    rating_d100_rapid: Mapped[int | None]
    rating_d100_blitz: Mapped[int | None]
    rating_chess_regular: Mapped[int | None]
    rating_chess_rapid: Mapped[int | None]
    rating_chess_blitz: Mapped[int | None]
    email: Mapped[str | None] = mapped_column(String(254))
    # Titles on record: FIDE's chess titles (GM, IM, WGM, WIM, FM, WFM, CM, WCM) and the
    # draughts titles (FMJD GMI, MI, MF and the women's and 64-square versions, or a national
    # title of the federation's settings). "" = none.
    fide_title: Mapped[str] = mapped_column(String(3), default="", server_default="")
    draughts_title: Mapped[str] = mapped_column(String(12), default="", server_default="")

    club: Mapped["Club | None"] = relationship(back_populates="players")

    @classmethod
    def name_contains(cls, query: str) -> ColumnElement[bool]:
        """Whether the player's name holds `query`, accents and case ignored (LIKE's wildcards in
        the query are taken literally)."""
        return cls.name_folded.contains(fold(query), autoescape=True)

    @validates("full_name")
    def _fold_name(self, _key: str, value: str) -> str:
        self.name_folded = fold(value)[:120]
        return value

    def rating_for(self, key: RatingListKey) -> int:
        """Rating on the list of `key` (a discipline and a rate); 0 when unrated (CBJD 115)."""
        return getattr(self, RATING_FIELDS[key]) or 0

    def rating_value(self, key: RatingListKey) -> int | None:
        """The stored rating on the list of `key`, None when unrated."""
        value: int | None = getattr(self, RATING_FIELDS[key])
        return value

    def set_rating(self, key: RatingListKey, value: int | None) -> None:
        setattr(self, RATING_FIELDS[key], value)


_PREFIX = {"damas-64": "rating", "damas-100": "rating_d100", "xadrez": "rating_chess"}
# The player's column of each rating list.
RATING_FIELDS: dict[RatingListKey, str] = {key: f"{_PREFIX[key.discipline]}_{key.rate}" for key in ALL_LISTS}
