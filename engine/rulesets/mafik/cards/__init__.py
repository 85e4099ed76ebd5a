"""Card behaviours of Мафик, one module per colour (a colour's cards of one mechanism may have a module of
their own: records, checks, disguise, tracks, copies, decks, draws, zones). Importing registers them."""

from engine.rulesets.mafik.cards import (
    boost,
    chaos,
    checks,
    control,
    copies,
    damage,
    deaths,
    decks,
    defence,
    disguise,
    draws,
    goals,
    intel,
    mail,
    neutral,
    officials,
    posts,
    records,
    rooms,
    stances,
    support,
    tracks,
    unique,
    veche,
    zones,
)

__all__ = ["boost", "chaos", "checks", "control", "copies", "damage", "deaths", "decks", "defence", "disguise",
           "draws", "goals", "intel", "mail", "neutral", "officials", "posts", "records", "rooms", "stances",
           "support", "tracks", "unique", "veche", "zones"]
