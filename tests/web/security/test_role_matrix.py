"""Every route against every role: anonymous, player, arbiter of another event, arbiter of
this event, staff. A new route without an entry in ACCESS fails the first test."""
from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from damas.engine.games.draughts_rules import BRAZILIAN
from damas.models import (AuditEntry, EventStatus, Game, NationalTitleRow, RatingPeriod, Role, Round, RoundStatus, Season,
                          SeasonEvent)
from damas.models.championships import Championship, ChampionshipSection
from damas.models.gamerecord import GameRecord
from damas.services.games.records import plies_json

ROLES = ("anonymous", "player", "other_arbiter", "arbiter", "staff")

# endpoint -> who may use it: public, staff, editor (staff or this event's arbiter), login.
ACCESS = {
    "main.index": "public",
    "main.set_language": "public",
    "health.healthz": "public",
    "auth.login": "public",
    "auth.logout": "login",
    "auth.change_password": "login",
    "auth.forgot_password": "public",
    "auth.reset_requested": "public",
    "auth.reset_password": "public",
    "auth.verify_email": "public",
    "auth.resend_verification": "login",
    "users.audit_csv": "staff",
    "players.list_players": "public",
    "players.view_player": "public",
    "players.new_player": "staff",
    "players.edit_player": "staff",
    "imports.registry_upload": "staff",
    "imports.registry_confirm": "staff",
    "imports.registry_template": "staff",
    "imports.rating_upload": "staff",
    "imports.rating_confirm": "staff",
    "imports.rating_template": "staff",
    "imports.entries_upload": "editor",
    "imports.entries_confirm": "editor",
    "imports.entries_template": "editor",
    "clubs.list_clubs": "public",
    "clubs.new_club": "staff",
    "clubs.edit_club": "staff",
    "events.list_events": "public",
    "events.view_event": "public",
    "events.start_list_report": "public",
    "events.new_event": "staff",
    "events.edit_event": "editor",
    "events.change_status": "editor",
    "events.add_arbiter": "staff",
    "events.remove_arbiter": "staff",
    "events.manage_entries": "editor",
    "fees.deadline_page": "staff",
    "fees.apply_deadline": "staff",
    "events.add_entry": "editor",
    "events.remove_entry": "editor",
    "events.audit_log": "editor",
    "rounds.list_rounds": "public",
    "rounds.view_round": "public",
    "rounds.standings": "public",
    "rounds.crosstable": "public",
    "rounds.draw_protocol": "public",
    "rounds.regulations_page": "public",
    "rounds.undo_withdrawal_route": "editor",
    "rounds.generate": "editor",
    "rounds.manual_numbers": "editor",
    "rounds.pair_next": "editor",
    "rounds.publish": "editor",
    "rounds.delete": "editor",
    "rounds.save_results": "editor",
    "rounds.manage_players": "editor",
    "rounds.report": "login",  # a player's own result: the service refuses whoever is not on the board
    "rounds.report_check": "login",  # the step before a report is sent: only the board's players get the page
    "rounds.withdraw_report": "login",  # a player takes back his own report: the service refuses anyone else
    "rounds.confirm_report": "editor",
    "public.live": "public",
    # the venue: result entry that survives the hall's network (queue endpoint, service worker, manifest)
    "venue.send_queued": "editor",
    "venue.results_worker": "public",
    "venue.results_manifest": "public",
    # FIDE norms of a chess event (B.01 1.4): page, PDF and API public; settings and certificates staff
    "norms.page": "public",
    "norms.page_pdf": "public",
    "norms.save_settings": "staff",
    "norms.it3": "staff",
    "norms.it1": "staff",
    "norms_api.api_norms": "public",
    "public.live_revision": "public",
    "public.share": "public",
    "awards.categories": "public",
    "awards.category_standings": "public",
    "awards.manage_categories": "editor",
    "awards.delete_category": "editor",
    "awards.category_tiebreaks": "editor",
    "awards.prizes": "public",
    "awards.manage_prizes": "editor",
    "awards.delete_prize": "editor",
    "awards.prize_options": "editor",
    "awards.playoffs": "public",
    "awards.create_playoff": "editor",
    "awards.playoff_result": "editor",
    "awards.delete_playoff": "editor",
    "reports.index": "public",
    "reports.start_list": "public",
    "reports.start_list_pdf": "public",
    "reports.pairings": "public",
    "reports.pairings_pdf": "public",
    "reports.results": "public",
    "reports.results_pdf": "public",
    "reports.standings": "public",
    "reports.standings_pdf": "public",
    "reports.standings_csv": "public",
    "reports.categories": "public",
    "reports.categories_pdf": "public",
    "reports.crosstable": "public",
    "reports.crosstable_pdf": "public",
    "reports.prizes": "public",
    "reports.prizes_pdf": "public",
    "reports.brochure": "public",
    "reports.brochure_pdf": "public",
    "reports.arbiter": "editor",
    "reports.arbiter_pdf": "editor",
    "reports.team_pairings": "public",
    "reports.team_pairings_pdf": "public",
    "reports.team_results": "public",
    "reports.team_results_pdf": "public",
    "reports.team_standings": "public",
    "reports.team_standings_pdf": "public",
    "reports.rating_csv": "editor",
    "reports.rating_change": "public",
    "reports.rating_change_pdf": "public",
    "reports.rating_change_csv": "public",
    "federation.rating_parameters": "staff",
    "ratings.periods": "staff",
    "ratings.reopen": "staff",
    "ratings.rating_list": "public",
    "ratings.rating_list_csv_file": "public",
    "ratings.rating_list_xlsx_file": "public",
    "seasons.list_seasons": "public",
    "seasons.ranking": "public",
    "seasons.ranking_pdf": "public",
    "seasons.new_season": "staff",
    "seasons.edit_season": "staff",
    "reports.rating_trf": "editor",
    "reports.rating_trf26": "editor",
    "knockout.bracket": "public",
    "knockout.bracket_report": "public",
    "knockout.settings": "editor",
    "knockout.start": "editor",
    "knockout.record_game": "editor",
    "knockout.correct_game": "editor",
    "users.list_users": "staff",
    "users.new_user": "staff",
    "users.edit_user": "staff",
    "users.audit_log": "staff",
    # entry fees: the schedule, the accounts and their bookings, the treasurer's report
    "fees.schedule": "staff",
    "fees.remove_schedule": "staff",
    "fees.accounts": "staff",
    "fees.book_payment": "staff",
    "fees.book_refund": "staff",
    "fees.waive": "staff",
    "fees.unwaive": "staff",
    "fees.event_report_page": "staff",
    "fees.event_report_pdf": "staff",
    "fees.event_report_csv": "staff",
    "fees.event_report_xlsx": "staff",
    "fees.federation_report_page": "staff",
    "fees.federation_report_pdf": "staff",
    "fees.federation_report_csv": "staff",
    "fees.federation_report_xlsx": "staff",
    # arbiter's desk (incidents, sanctions, forfeits, corrections, appeals, audit CSV)
    "desk.index": "editor",
    "desk.add_incident": "editor",
    "desk.reverse_penalty": "editor",
    "desk.add_sanction": "editor",
    "desk.claim_irregular_move": "editor",
    "desk.forfeits": "editor",
    "desk.excuse_forfeit": "editor",
    "desk.confirm_no_show": "editor",
    "desk.decide_expulsion": "editor",
    "desk.corrections": "editor",
    "desk.correct_result": "editor",
    "desk.undo_rematch": "editor",
    "desk.settings": "editor",
    "desk.set_chief": "staff",
    "desk.appeals": "editor",
    "desk.add_member": "editor",
    "desk.remove_member": "editor",
    "desk.file_appeal": "editor",
    "desk.decide_appeal": "editor",
    "desk.report": "editor",
    "desk.audit_csv": "editor",
    # registration, players' side and the public API (issue 7)
    "registration.sign_up": "public",
    "registration.my_page": "login",
    "fees.payment": "login",  # the signed-in player's own entry only: the URL names no player
    "registration.approvals": "staff",
    "registration.unmatched": "staff",
    "registration.event_registration": "public",
    "registration.register": "login",
    "registration.cancel": "login",
    "registration.join_reserve": "login",
    "registration.leave_reserve": "login",
    "registration.announce_absence": "login",
    "registration.settings": "editor",
    "registration.start": "editor",
    "registration.substitute": "editor",
    "public.player_card_page": "public",
    "api.index": "public",
    "api.events": "public",
    "api.event": "public",
    "api.standings": "public",
    "api.round_boards": "public",
    "api.player": "public",
    # micro-match events: settings, openings (federation list + draws), results, teams
    "micromatch.openings": "public",
    "micromatch.upload_openings": "staff",
    "trf_import.upload": "staff",
    "trf_import.confirm": "staff",
    "fees.statement_upload": "staff",
    "fees.statement_confirm": "staff",
    "federation.settings": "staff",
    "federation.logo": "public",
    "micromatch.new_event": "staff",
    "micromatch.overview": "public",
    "micromatch.settings": "editor",
    "micromatch.pair": "editor",
    "micromatch.draw_opening": "editor",
    "micromatch.micro_results": "editor",
    "micromatch.standings": "public",
    "micromatch.teams": "public",
    "micromatch.new_team": "editor",
    "micromatch.remove_team": "editor",
    "micromatch.team_round": "public",
    "micromatch.publish_team_round": "editor",
    "micromatch.delete_team_round": "editor",
    "micromatch.lineup": "login",
    "micromatch.team_results": "editor",
    # games on record (issue 32)
    "games.game_page": "public",
    "games.diagram": "public",
    "games.round_games": "public",
    "games.round_file": "public",
    "games.event_file": "public",
    "games.edit": "editor",
    "games.remove": "editor",
    "games.import_preview": "editor",
    "games.import_confirm": "editor",
    "desk.move_count": "editor",
    # e-mail: the development outbox and the test mail
    "mail.outbox": "staff",
    "mail.outbox_mail": "staff",
    "mail.outbox_mail_html": "staff",
    "mail.test_mail": "staff",
    "mail.unsubscribe": "public",  # the signed link is the credential: no login
    "mail.unsubscribe_post": "public",
    # notification mails: an account's own choice; announcements to an event's entrants
    "mail.preferences": "login",
    "mail.announcement": "staff",
    # titles on record: the federation's national titles (settings staff, the list public)
    # championships: stages of a fed section (staff); club classification and combined prizes (public)
    "championships.stage_page": "staff",
    "championships.stage_rules": "staff",
    "championships.stage_decline": "staff",
    "championships.stage_carry": "staff",
    "championships.club_page": "public",
    "championships.club_pdf": "public",
    "championships.prize_page": "public",
    "championships.prize_pdf": "public",
    "titles.national_titles_page": "public",
    "titles.settings": "staff",
    "titles.edit_title": "staff",
    "titles.remove_title": "staff",
    # championships: the public page, regulations, brochure and API; staff build them from sections
    "championships.list_championships": "public",
    "championships.page": "public",
    "championships.regulations": "public",
    "championships.brochure": "public",
    "championships.api_championships": "public",
    "championships.api_championship": "public",
    "championships.staff_list": "staff",
    "championships.new_championship": "staff",
    "championships.edit_championship": "staff",
    "championships.sections": "staff",
    "championships.add_section": "staff",
    "championships.new_section": "staff",
    "championships.move_section": "staff",
    "championships.remove_section": "staff",
    "championships.assign_arbiter": "staff",
    # the venue: check-in (the player's QR page: the service refuses whoever is not entered), table cards
    "venue.checkin_page": "editor",
    "venue.checkin_missing": "editor",
    "venue.checkin_settings": "editor",
    "venue.checkin_sheet": "editor",
    "venue.player_checkin": "login",
    "venue.table_cards": "editor",
    # the venue on the day: the wall screen (public like the event's pages) and its settings
    "venue.wall_screen": "public",
    "venue.wall_pages_fragment": "public",
    "venue.screen_settings_page": "editor",
    # championships: one entry in several sections (a player's own; staff or the sections' arbiters
    # for a player: "editor" as the matrix's championship has the arbiter's event as a section)
    "championships.enter": "login",
    "championships.leave": "login",
    "championships.enter_player": "editor",
    "championships.remove_player": "editor",
    "championships.enter_many": "editor",
    "championships.eligibility": "editor",
    # a championship's wall screen: public like its page (the matrix's championship is published)
    "venue.championship_screen": "public",
    "venue.championship_pages_fragment": "public",
}

# Pages that exist only where mails go to the development outbox: the tests' backend is not it,
# so staff get 404 there (the others are still refused as for any staff page); and the
# unsubscribe link, 404 for the matrix's "not-a-token".
OUTBOX_ONLY = {"mail.outbox", "mail.outbox_mail", "mail.outbox_mail_html", "mail.unsubscribe", "mail.unsubscribe_post"}

ALLOWED = {
    "public": set(ROLES),
    "login": {"player", "other_arbiter", "arbiter", "staff"},
    "staff": {"staff"},
    "editor": {"arbiter", "staff"},
}


@pytest.fixture
def world(db, make_user, make_player, make_club, make_event):  # type: ignore[no-untyped-def]
    club = make_club()
    player = make_player(club_id=club.id)
    others = [make_player() for _ in range(3)]
    player_user = make_user(Role.PLAYER, player_id=player.id)
    arbiter = make_user(Role.ARBITER)
    other_arbiter = make_user(Role.ARBITER)
    staff = make_user(Role.STAFF)
    make_event(arbiters=(other_arbiter,))
    event = make_event(arbiters=(arbiter,), players=(player, *others), status=EventStatus.RUNNING)
    a, b, c, d = event.entries
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    rnd.games = [Game(board=1, white_entry_id=a.id, black_entry_id=b.id),
                 Game(board=2, white_entry_id=c.id, black_entry_id=d.id)]
    db.session.add(rnd)
    opening = BRAZILIAN.check(["c3-d4"])
    db.session.add(GameRecord(event_id=event.id, round_number=1, board=1, game_no=1, white_player_id=a.player_id,
                              black_player_id=b.player_id, moves="c3-d4", plies=plies_json(opening)))
    period = RatingPeriod(name="2026/1", rating_list="regular", start_date=date(2026, 1, 1), end_date=date(2026, 1, 31),
                          list_date=date(2026, 2, 1), event_ids=[], status="reopened", closed_by=None)
    db.session.add(period)
    season = Season(name="Ranking 2026", year=2026, kind="place", points_table=[10, 8], categories=["absoluto"])
    season.events = [SeasonEvent(event_id=event.id)]
    db.session.add(season)
    national = NationalTitleRow(code="MN", name="Mestre Nacional", rating_threshold=2000, norms_needed=2,
                                min_games=7, min_average=1800, min_score_percent=55)
    db.session.add(national)
    championship = Championship(name="Campeonato 2026", start_date=date(2026, 12, 1), end_date=date(2026, 12, 31),
                                published=True, club_best_n=2)
    championship.sections = [ChampionshipSection(event_id=event.id, position=0)]
    db.session.add(championship)
    db.session.commit()
    users = {"player": player_user, "arbiter": arbiter, "other_arbiter": other_arbiter, "staff": staff}
    entry = event.entries[-1]
    url_args = {
        "player_id": player.id, "club_id": club.id, "event_id": event.id, "user_id": arbiter.id,
        "entry_id": entry.id, "code": "en", "number": 1, "category": "absoluto",
        "round_number": 1, "board": 1, "game_no": 1, "ply": 0, "kind": "pdn", "period_id": period.id, "season_id": season.id, "token": "not-a-token", "title": "IM",
        "title_id": national.id, "championship_id": championship.id,
        "name": "20261205-000000-000000-deadbeef.eml",
    }
    return users, url_args


def test_every_route_is_in_the_matrix(app):  # type: ignore[no-untyped-def]
    endpoints = {r.endpoint for r in app.url_map.iter_rules() if r.endpoint != "static"}
    assert endpoints == set(ACCESS), "add new routes to ACCESS with who may use them"


def _requests(app: Any, url_args: dict[str, Any]) -> list[tuple[str, str, str]]:
    from flask import url_for

    result = []
    with app.test_request_context():
        for rule in app.url_map.iter_rules():
            if rule.endpoint == "static":
                continue
            url = url_for(rule.endpoint, **{a: url_args[a] for a in rule.arguments})
            for method in sorted(rule.methods & {"GET", "POST"}):
                result.append((rule.endpoint, method, url))
    return result


@pytest.mark.parametrize("role", ROLES)
def test_role_matrix(app, client, db, world, role):  # type: ignore[no-untyped-def]
    from tests.conftest import login

    users, url_args = world
    logged_in = False
    for endpoint, method, url in _requests(app, url_args):
        if role != "anonymous" and not logged_in:
            login(client, users[role])
            logged_in = True
        logged_in = logged_in and endpoint != "auth.logout"
        audit_before = db.session.query(AuditEntry).count()
        response = client.open(url, method=method, data={})
        allowed = role in ALLOWED[ACCESS[endpoint]]
        where = f"{role} {method} {url} -> {response.status_code}"
        if allowed:
            assert response.status_code in (200, 302) or (endpoint in OUTBOX_ONLY and response.status_code == 404), where
            if response.status_code == 302:
                assert "/conta/entrar" not in response.headers["Location"] or endpoint == "auth.logout", where
        else:
            if role == "anonymous":
                assert response.status_code == 302 and "/conta/entrar" in response.headers["Location"], where
            else:
                assert response.status_code == 403, where
            db.session.expire_all()
            assert db.session.query(AuditEntry).count() == audit_before, f"refused request wrote: {where}"
