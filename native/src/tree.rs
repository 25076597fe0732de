//! The game tree of one hand, for exact solvers (issue 34): every history from a new game
//! to the hand's result, as flat arrays, node for node and information set for information
//! set the tree `golfo.solve.build_tree` builds (the same numbering, the same keys).
//!
//! Nodes are numbered from the root, 0, as they are found, depth first; a node's children
//! have consecutive numbers, in the order of `golfo.legal_actions` (chance: each card of
//! the stock, ascending).  A decision node belongs to the information set of its seat's
//! key, `golfo.solve.info_key`: `p<seat>` and the hand's events as that seat saw them, one
//! token each (`golfo.ext.features.event_string`).

use std::collections::HashMap;
use std::fmt::Write;

use crate::cards::{card_text, indices};
use crate::moves::{legal_moves, spread, Moves};
use crate::state::{Action, Actor, Core, Phase};

/// `Tree::player[n]` of a terminal node (the hand is over).
pub const TERMINAL: i8 = -2;
/// `Tree::player[n]` of a chance node (a card is dealt).
pub const CHANCE_NODE: i8 = -1;

/// One hand's tree (see the module).
#[derive(Clone, Debug, Default)]
pub struct Tree {
    pub players: u8,
    /// Per node: the seat to act, [`CHANCE_NODE`] or [`TERMINAL`].
    pub player: Vec<i8>,
    /// Per node: its first child's number (its own for a terminal).
    pub first: Vec<u32>,
    /// Per node: how many children it has.
    pub count: Vec<u32>,
    /// Per node: its information set's number, or -1.
    pub infoset: Vec<i32>,
    /// Per node: the hand's net result per seat at a terminal, else zeros.
    pub payoffs: Vec<[i64; 4]>,
    /// Per information set: its key, its seat, its actions (in golfo's order) and their
    /// tokens, the set and action of its seat's previous decision (-1, -1: none), and its
    /// nodes.
    pub keys: Vec<String>,
    pub seats: Vec<u8>,
    pub actions: Vec<Vec<Action>>,
    pub tokens: Vec<Vec<String>>,
    pub before: Vec<(i32, i32)>,
    pub nodes: Vec<Vec<u32>>,
}

impl Tree {
    /// (histories, chance nodes, decision nodes, terminals, information sets, actions).
    pub fn size(&self) -> (usize, usize, usize, usize, usize, usize) {
        let chance = self.player.iter().filter(|&&p| p == CHANCE_NODE).count();
        let terminals = self.player.iter().filter(|&&p| p == TERMINAL).count();
        let n = self.player.len();
        let actions = self.actions.iter().map(Vec::len).sum();
        (
            n,
            chance,
            n - chance - terminals,
            terminals,
            self.keys.len(),
            actions,
        )
    }
}

/// The legal actions of a decision in `golfo.legal_actions`' order: Pass and the bets, or
/// Call, the raises and Fold; discards by size, then as `itertools.combinations` of the
/// hand's cards in canonical order.
pub fn ordered_actions(moves: &Moves) -> Vec<Action> {
    let Actor::Seat(s) = moves.actor else {
        return Vec::new();
    };
    let seat = s as i64;
    let mut out = Vec::new();
    if let Some(room) = moves.discard_max {
        let hand = moves.discard_from;
        let n = hand.count_ones();
        for size in 0..=(room as u32).min(n) {
            combinations(n, size, 0, 0, &mut |bits| {
                out.push(Action::Discard(seat, Some(spread(hand, bits))))
            });
        }
    } else if moves.can_pass {
        out.push(Action::Pass(seat));
        out.extend((moves.bets.0..moves.bets.1).map(|a| Action::Bet(seat, a)));
    } else if moves.call.is_some() {
        out.push(Action::Call(seat));
        out.extend((moves.raises.0..moves.raises.1).map(|a| Action::Raise(seat, a)));
        if moves.can_fold {
            out.push(Action::Fold(seat));
        }
    }
    out
}

/// Every `size`-subset of positions `from..n` added to `chosen`, lexicographically.
fn combinations(n: u32, size: u32, from: u32, chosen: u32, f: &mut impl FnMut(u32)) {
    if size == 0 {
        f(chosen);
        return;
    }
    for i in from..=n - size {
        combinations(n, size - 1, i + 1, chosen | 1 << i, f);
    }
}

/// An action's token as `seat` sees it taken (`golfo.ext.features.event_string` of its
/// redacted event), `actor` the seat that took it (the receiver of a deal).
fn token(out: &mut String, action: Action, actor: i8, seat: u8, face_up: bool) {
    let _ = match action {
        Action::Deal(card) if actor == seat as i8 => {
            write!(out, "d{actor}:{}", card_text(card.unwrap_or(0)))
        }
        Action::Deal(_) => write!(out, "d{actor}"),
        Action::Discard(d, mask) => {
            let mask = mask.unwrap_or(0);
            if face_up || d == seat as i64 {
                let _ = write!(out, "x{d}:");
                for c in indices(mask) {
                    out.push_str(&card_text(c));
                }
                Ok(())
            } else {
                write!(out, "x{d}#{}", mask.count_ones())
            }
        }
        Action::Pass(s) => write!(out, "p{s}"),
        Action::Call(s) => write!(out, "c{s}"),
        Action::Fold(s) => write!(out, "f{s}"),
        Action::Bet(s, a) => write!(out, "b{s}:{a}"),
        Action::Raise(s, a) => write!(out, "r{s}:{a}"),
        Action::NextHand => write!(out, "/"),
        Action::EndGame => write!(out, "end"),
    };
}

/// More than the limit's histories (the limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooBig(pub usize);

struct Builder {
    tree: Tree,
    index: HashMap<String, u32>,
    /// Per seat, its events so far, each token after a space.
    seen: [String; 4],
    face_up: bool,
    limit: usize,
}

/// The tree of the hand in play in `root` (a new game: its first deal pending), at most
/// `limit` histories.
pub fn build(root: &Core, limit: usize) -> Result<Tree, TooBig> {
    let mut b = Builder {
        tree: Tree {
            players: root.players,
            ..Tree::default()
        },
        index: HashMap::new(),
        seen: Default::default(),
        face_up: root.rules.discards_face_up,
        limit,
    };
    b.push_node();
    b.expand(0, root, [(-1, -1); 4])?;
    Ok(b.tree)
}

impl Builder {
    fn push_node(&mut self) {
        let t = &mut self.tree;
        t.player.push(0);
        t.first.push(0);
        t.count.push(0);
        t.infoset.push(-1);
        t.payoffs.push([0; 4]);
    }

    fn expand(&mut self, n: usize, core: &Core, last: [(i32, i32); 4]) -> Result<(), TooBig> {
        if matches!(core.phase, Phase::BetweenHands | Phase::End) {
            let t = &mut self.tree;
            t.player[n] = TERMINAL;
            t.first[n] = n as u32;
            t.payoffs[n] = core.last.payoffs;
            return Ok(());
        }
        let moves = legal_moves(core);
        let (actions, decision) = match moves.actor {
            Actor::Chance => {
                self.tree.player[n] = CHANCE_NODE;
                let deals = indices(moves.deals)
                    .map(|c| Action::Deal(Some(c)))
                    .collect();
                (deals, None)
            }
            Actor::Seat(s) => {
                let i = self.infoset_of(&moves, s, last[s as usize]);
                self.tree.nodes[i as usize].push(n as u32);
                self.tree.player[n] = s as i8;
                self.tree.infoset[n] = i as i32;
                (self.tree.actions[i as usize].clone(), Some((s, i)))
            }
            Actor::Nobody => (Vec::new(), None),
        };
        let start = self.tree.player.len();
        if start + actions.len() > self.limit {
            return Err(TooBig(self.limit));
        }
        self.tree.first[n] = start as u32;
        self.tree.count[n] = actions.len() as u32;
        for _ in &actions {
            self.push_node();
        }
        for (k, &action) in actions.iter().enumerate() {
            let mut next = *core;
            let applied = next.apply(action).expect("a listed action is legal");
            let lengths: [usize; 4] = std::array::from_fn(|i| self.seen[i].len());
            for seat in 0..core.players {
                let seen = &mut self.seen[seat as usize];
                seen.push(' ');
                token(seen, action, applied.actor, seat, self.face_up);
            }
            let mut after = last;
            if let Some((s, i)) = decision {
                after[s as usize] = (i as i32, k as i32);
            }
            let result = self.expand(start + k, &next, after);
            for (seen, len) in self.seen.iter_mut().zip(lengths) {
                seen.truncate(len);
            }
            result?;
        }
        Ok(())
    }

    /// The information set of `seat` to act in `core`, made when first found.
    fn infoset_of(&mut self, moves: &Moves, seat: u8, last: (i32, i32)) -> u32 {
        let key = format!("p{seat}{}", self.seen[seat as usize]);
        if let Some(&i) = self.index.get(&key) {
            return i;
        }
        let t = &mut self.tree;
        let i = t.keys.len() as u32;
        let actions = ordered_actions(moves);
        let tokens = actions
            .iter()
            .map(|&a| {
                let mut s = String::new();
                token(&mut s, a, seat as i8, seat, true);
                s
            })
            .collect();
        t.keys.push(key.clone());
        t.seats.push(seat);
        t.actions.push(actions);
        t.tokens.push(tokens);
        t.before.push(last);
        t.nodes.push(Vec::new());
        self.index.insert(key, i);
        i
    }
}
