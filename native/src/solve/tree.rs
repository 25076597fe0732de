//! The game tree of one hand of a variant, as `golfo.solve.build_tree` builds it: the same
//! nodes, numbered in the same order, the same information sets with the same keys.
//!
//! The unit is one hand from a new game (every seat with the rules' starting stack, the
//! antes posted) to its result. A chance node deals one card, each card of the stock
//! equally likely (one child per card, ascending); a decision node has one child per legal
//! action, in `golfo.legal_actions`' order; a terminal holds the hand's payoffs. Node 0 is
//! the root; a node's children have consecutive numbers, given when the node is expanded,
//! depth first, the first child first; information sets are numbered as they are found.
//!
//! An information set's key is `golfo.solve.info_key` of the view of the seat to act: `p<seat>`
//! and one token per event of the hand, as that seat saw it (`d1:9O`, `d0`, `p1`, `b1:2`,
//! `c0`, `r1:4`, `f0`, `x1:8O`, `x1:`, `x2#1`).

use std::collections::HashMap;

use crate::bugs::{self, Bug};
use crate::moves::{for_each_action, legal_moves, Moves};
use crate::observe::push_action;
use crate::rules::Rules;
use crate::state::{Action, Actor, Core, Phase};

/// `Tree::player[n]` of a terminal node.
pub const TERMINAL: i8 = -2;
/// `Tree::player[n]` of a chance node.
pub const CHANCE: i8 = -1;

/// Why a tree was not built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TreeError {
    /// The hand has more histories than the limit (found as soon as it is passed).
    TooBig(usize),
    /// The rules, table size or dealer make no new game (golfo checks them first).
    NoGame,
    /// Two states of one information set differ in their legal actions or in the seat's
    /// own past: the keys would not be of perfect recall (never seen; a guard).
    NotPerfectRecall(String),
}

/// The tree of one hand (see the module). Per node `n`: [`Tree::player`], [`Tree::first`],
/// [`Tree::count`], [`Tree::infoset`], the payoffs; per information set `i`:
/// [`Tree::keys`], [`Tree::seats`], [`Tree::actions`], [`Tree::before`], [`Tree::nodes`]
/// and [`Tree::offset`], where its actions start in a flat strategy.
#[derive(Clone, Debug)]
pub struct Tree {
    pub players: usize,
    pub dealer: u8,
    /// Per node: the seat to act, [`CHANCE`] or [`TERMINAL`].
    pub player: Vec<i8>,
    /// Per node: the number of its first child (its own number for a terminal).
    pub first: Vec<u32>,
    /// Per node: how many children it has.
    pub count: Vec<u32>,
    /// Per node: its information set, or -1.
    pub infoset: Vec<i32>,
    /// Per node, `players` numbers from `n * players`: a terminal's payoffs, else zeros.
    pub payoffs: Vec<i64>,
    /// Per information set: its key.
    pub keys: Vec<String>,
    /// Per information set: the seat that acts in it.
    pub seats: Vec<u8>,
    /// Per information set: its legal actions, in `golfo.legal_actions`' order.
    pub actions: Vec<Vec<Action>>,
    /// Per information set: the set where its seat acted last and the action it took
    /// there; `(-1, -1)` at the seat's first decision.
    pub before: Vec<(i32, i32)>,
    /// Per information set: its decision nodes.
    pub nodes: Vec<Vec<u32>>,
    /// Per information set, and one more: where its actions start in a flat strategy (the
    /// last entry is the number of actions of every set).
    pub offset: Vec<u32>,
}

/// The counts of a tree, as `golfo.solve.TreeSize`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Size {
    pub histories: usize,
    pub chance: usize,
    pub decisions: usize,
    pub terminals: usize,
    pub infosets: usize,
    pub actions: usize,
}

impl Tree {
    /// Walk every history of one hand of `rules` at a table of `players` with `dealer`;
    /// [`TreeError::TooBig`] for more than `limit` histories.
    pub fn build(rules: Rules, players: u8, dealer: u8, limit: usize) -> Result<Tree, TreeError> {
        if !rules.variant.seats_allowed(players) || dealer >= players {
            return Err(TreeError::NoGame);
        }
        let root = Core::new_game(rules, players, dealer, None).map_err(|_| TreeError::NoGame)?;
        let n = players as usize;
        let mut b = Builder {
            tree: Tree {
                players: n,
                dealer,
                player: vec![0],
                first: vec![0],
                count: vec![0],
                infoset: vec![-1],
                payoffs: vec![0; n],
                keys: Vec::new(),
                seats: Vec::new(),
                actions: Vec::new(),
                before: Vec::new(),
                nodes: Vec::new(),
                offset: Vec::new(),
            },
            index: HashMap::new(),
            moves: Vec::new(),
            views: (0..n).map(|s| format!("p{s}")).collect(),
            face_up: rules.discards_face_up || bugs::on(Bug::FaceDownDiscardShown),
            limit,
        };
        b.expand(0, &root, [(-1, -1); 4])?;
        let mut tree = b.tree;
        let mut at = 0u32;
        for a in &tree.actions {
            tree.offset.push(at);
            at += a.len() as u32;
        }
        tree.offset.push(at);
        Ok(tree)
    }

    /// The counts of the tree.
    pub fn size(&self) -> Size {
        let chance = self.player.iter().filter(|&&p| p == CHANCE).count();
        let terminals = self.player.iter().filter(|&&p| p == TERMINAL).count();
        Size {
            histories: self.player.len(),
            chance,
            decisions: self.player.len() - chance - terminals,
            terminals,
            infosets: self.keys.len(),
            actions: *self.offset.last().unwrap_or(&0) as usize,
        }
    }

    /// A terminal's payoff to `seat`.
    #[inline]
    pub fn payoff(&self, node: usize, seat: usize) -> i64 {
        self.payoffs[node * self.players + seat]
    }

    /// The information sets of `seat`, ascending.
    pub fn sets_of(&self, seat: usize) -> Vec<u32> {
        (0..self.seats.len() as u32)
            .filter(|&i| self.seats[i as usize] as usize == seat)
            .collect()
    }
}

/// An action's token as its own seat sees it once taken (`golfo.solve.action_token`: a
/// discard shows its cards): the names of actions in a policy's table.
pub fn action_token(action: Action) -> String {
    let mut out = String::new();
    let seat = match action {
        Action::Pass(s)
        | Action::Bet(s, _)
        | Action::Call(s)
        | Action::Raise(s, _)
        | Action::Fold(s)
        | Action::Discard(s, _) => s,
        _ => -1,
    };
    push_event(&mut out, action, seat as i8, seat, true);
    out
}

/// Append `action`'s event, taken by `actor` (the receiver of a deal), as `viewer` sees it.
fn push_event(out: &mut String, action: Action, actor: i8, viewer: i64, face_up: bool) {
    push_action(out, action, actor, viewer == actor as i64, face_up);
}

/// The legal actions of a decision in `golfo.legal_actions`' order: discards by size, then
/// in the order of `itertools.combinations` over the hand's cards (ascending).
pub(crate) fn ordered_actions(moves: &Moves) -> Vec<Action> {
    let mut out = Vec::new();
    if let (Some(room), Actor::Seat(seat)) = (moves.discard_max, moves.actor) {
        let cards: Vec<u32> = crate::cards::indices(moves.discard_from)
            .map(|c| 1u32 << c)
            .collect();
        let n = cards.len();
        for size in 0..=(room as usize).min(n) {
            let mut pick: Vec<usize> = (0..size).collect(); // positions, ascending
            loop {
                let mask = pick.iter().fold(0, |m, &p| m | cards[p]);
                out.push(Action::Discard(seat as i64, Some(mask)));
                // the next combination: the last position that can move, then the rest
                let Some(k) = (0..size).rev().find(|&k| pick[k] < n - size + k) else {
                    break;
                };
                pick[k] += 1;
                for j in k + 1..size {
                    pick[j] = pick[j - 1] + 1;
                }
            }
        }
        return out;
    }
    for_each_action(moves, |a| out.push(a));
    out
}

struct Builder {
    tree: Tree,
    index: HashMap<String, u32>,
    /// Per information set: its legal moves (for the perfect-recall guard).
    moves: Vec<Moves>,
    /// Per seat: the key of its view so far.
    views: Vec<String>,
    face_up: bool,
    limit: usize,
}

impl Builder {
    fn expand(&mut self, n: usize, core: &Core, last: [(i32, i32); 4]) -> Result<(), TreeError> {
        let t = &mut self.tree;
        if matches!(core.phase, Phase::BetweenHands | Phase::End) {
            t.player[n] = TERMINAL;
            t.first[n] = n as u32;
            let p = t.players;
            t.payoffs[n * p..n * p + p].copy_from_slice(&core.last.payoffs[..p]);
            return Ok(());
        }
        let (actions, decision) = match core.to_act {
            Actor::Chance => {
                t.player[n] = CHANCE;
                let deals = crate::cards::indices(core.stock).map(|c| Action::Deal(Some(c)));
                (deals.collect::<Vec<_>>(), None)
            }
            Actor::Seat(s) => {
                let s = s as usize;
                let moves = legal_moves(core);
                let i = match self.index.get(&self.views[s]) {
                    Some(&i) => {
                        if self.moves[i as usize] != moves || t.before[i as usize] != last[s] {
                            return Err(TreeError::NotPerfectRecall(self.views[s].clone()));
                        }
                        i
                    }
                    None => {
                        let i = t.keys.len() as u32;
                        self.index.insert(self.views[s].clone(), i);
                        t.keys.push(self.views[s].clone());
                        t.seats.push(s as u8);
                        t.actions.push(ordered_actions(&moves));
                        t.before.push(last[s]);
                        t.nodes.push(Vec::new());
                        self.moves.push(moves);
                        i
                    }
                };
                t.nodes[i as usize].push(n as u32);
                t.player[n] = s as i8;
                t.infoset[n] = i as i32;
                (t.actions[i as usize].clone(), Some((s, i as i32)))
            }
            Actor::Nobody => return Err(TreeError::NoGame), // a hand in play always has one
        };
        let start = t.player.len();
        let k = actions.len();
        if start + k > self.limit {
            return Err(TreeError::TooBig(self.limit));
        }
        t.first[n] = start as u32;
        t.count[n] = k as u32;
        t.player.resize(start + k, 0);
        t.first.resize(start + k, 0);
        t.count.resize(start + k, 0);
        t.infoset.resize(start + k, -1);
        t.payoffs.resize((start + k) * t.players, 0);
        let mut lengths = [0usize; 4];
        for (a, &action) in actions.iter().enumerate() {
            let mut next = *core;
            let applied = next.apply(action).expect("a listed action is legal");
            for (v, view) in self.views.iter_mut().enumerate() {
                lengths[v] = view.len();
                view.push(' ');
                push_event(view, action, applied.actor, v as i64, self.face_up);
            }
            let mut after = last;
            if let Some((s, i)) = decision {
                after[s] = (i, a as i32);
            }
            self.expand(start + a, &next, after)?;
            for (v, view) in self.views.iter_mut().enumerate() {
                view.truncate(lengths[v]);
            }
        }
        Ok(())
    }
}
