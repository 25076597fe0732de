//! A game with its history: the compact [`Core`] plus the log of actions (with who took
//! each) and every hand's result, as `golfo.State` keeps them; perft; the redacted history
//! of a seat's view.

use crate::bugs::{self, Bug};
use crate::moves::{for_each_action, legal_moves};
use crate::reducer::Illegal;
use crate::state::{Action, Actor, Core, HandResult};

/// One entry of the history: the action and its actor (the receiver of a deal; -1: table).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub action: Action,
    pub actor: i8,
}

/// A game and its history.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    pub core: Core,
    pub log: Vec<Entry>,
    pub results: Vec<HandResult>,
}

impl Game {
    pub fn new(core: Core) -> Game {
        Game {
            core,
            log: Vec::new(),
            results: Vec::new(),
        }
    }

    /// Apply `action` in place, keeping the history (a push: amortised, no allocation per
    /// action once the vector has grown); on a refusal nothing changes.
    pub fn play(&mut self, action: Action) -> Result<(), Illegal> {
        let applied = self.core.apply(action)?;
        self.log.push(Entry {
            action,
            actor: applied.actor,
        });
        if applied.ended {
            self.results.push(self.core.last);
        }
        Ok(())
    }
}

/// The number of distinct sequences of `depth` actions from `core`; chance deals the first
/// card of `deck` still in the stock, every decision branches over all its legal actions
/// (`golfo.conformance.perft.perft`).  Copies of the `Copy` state, no history kept.
pub fn perft(core: &Core, depth: u32, deck: &[u8]) -> u64 {
    if depth == 0 {
        return 1;
    }
    if core.to_act == Actor::Chance {
        let Some(&card) = deck.iter().find(|&&c| core.stock >> c & 1 == 1) else {
            return 0;
        };
        let mut next = *core;
        next.apply(Action::Deal(Some(card)))
            .expect("a card in the stock can be dealt");
        return perft(&next, depth - 1, deck);
    }
    let moves = legal_moves(core);
    if depth == 1 {
        return moves.count();
    }
    let mut total = 0;
    for_each_action(&moves, |a| {
        let mut next = *core;
        next.apply(a).expect("a listed action is legal");
        total += perft(&next, depth - 1, deck);
    });
    total
}

/// One event of a seat's redacted history: a deal (`card` only if the viewer may see it), a
/// discard (`cards` only if face up or the viewer's own), or another action as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    Dealt {
        seat: u8,
        card: Option<u8>,
    },
    Discarded {
        seat: u8,
        count: u8,
        cards: Option<u32>,
    },
    Other(Action),
}

/// The events of the hand in play (back to its `NextHand`), oldest first, as `seat` may
/// know them (`None`: a spectator), as `golfo.views` redacts them.
pub fn view_events(game: &Game, seat: Option<u8>) -> Vec<Event> {
    let face_up = game.core.rules.discards_face_up || bugs::on(Bug::FaceDownDiscardShown);
    let mut out = Vec::new();
    for entry in game.log.iter().rev() {
        let actor = entry.actor as u8;
        let event = match entry.action {
            Action::NextHand => break,
            Action::Deal(card) => Event::Dealt {
                seat: actor,
                card: if Some(actor) == seat { card } else { None },
            },
            Action::Discard(_, mask) => {
                let mask = mask.unwrap_or(0);
                let visible = face_up || Some(actor) == seat;
                Event::Discarded {
                    seat: actor,
                    count: mask.count_ones() as u8,
                    cards: if visible { Some(mask) } else { None },
                }
            }
            other => Event::Other(other),
        };
        out.push(event);
    }
    out.reverse();
    out
}
