//! Many games stepped together for learning (`golfo_native.VecEnv`): each slot plays one
//! game after another; the seats are learning seats (their decisions are handed out) or
//! played here by a built-in policy; chance deals at random.  Every game is seeded by its
//! number alone, so the same seed gives the same games whatever the batch size.
//!
//! Action ids are `golfo.ext.codec.ActionCodec.for_rules(rules, players)`'s (`mode="exact"`),
//! the variant's discard ids included ([`Ids`]).

use std::collections::HashMap;

use crate::game::Game;
use crate::moves::{for_each_action, legal_moves, Ids};
use crate::observe::{hand_start, push_event, Encoder};
use crate::play::{random_action, SplitMix64};
use crate::rules::Rules;
use crate::state::{Action, Actor, Core, Phase};

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A learning seat: its decisions are handed out.
    Learner,
    /// `golfo_native.play_games`' random policy ([`random_action`]).
    Random,
    /// golfo's `HeuristicBot` ([`crate::policy::heuristic_action`]).
    Heuristic,
    /// golfo's `RangeBot` ([`crate::range::range_action`], its evidence read from the
    /// game's history, its draws from the slot's own generator).
    Range,
    /// golfo's `EquityBot`'s twin ([`crate::play::Policy::Equity`]).
    Equity,
    /// A registered network ([`crate::mlp`]; golfo's `NetBot` with golfo's weights), its
    /// history read from the game's, its draws from the slot's own generator.
    Net(usize),
    /// A tabular policy (`golfo.solve.TabularPolicy`), by its index in [`Config::tables`].
    Table(usize),
}

/// A `golfo.solve.TabularPolicy`: per information-state key (`golfo.solve.info_key`), the
/// probability of each action token (`golfo.solve.action_token`).
#[derive(Clone, Debug, Default)]
pub struct Table {
    pub entries: HashMap<String, Vec<(String, f64)>>,
}

/// What a [`VecEnv`] plays.
#[derive(Clone, Debug)]
pub struct Config {
    pub rules: Rules,
    pub players: u8,
    pub seats: Vec<Seat>,
    pub tables: Vec<Table>,
    /// The first dealer of every game, or `None`: drawn from the game's own generator.
    pub dealer: Option<u8>,
    pub seed: u64,
    /// Game numbers: the k-th game this environment starts is game `offset + k * stride`.
    pub offset: u64,
    pub stride: u64,
    /// An open-ended game (`rules.hands` unset) ends after this many hands.
    pub max_hands: i64,
    /// Observations and actions of `NetBot`'s network (`observation="net"`): the
    /// features of [`crate::netbot::features`], a mask of the menu's legal entries, and
    /// actions given as menu entries; otherwise the encoder's vectors and the codec's ids.
    pub menu: bool,
}

/// Why a [`VecEnv`] cannot go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EnvError {
    /// Slot `slot` was given an id that is not legal there; nothing was played.
    Illegal { slot: usize, id: i64 },
    /// Thousands of games in a row ended without a learning seat acting.
    NoLearner,
}

/// One slot: the game in play, its generator and its number.
#[derive(Clone, Debug)]
pub struct Slot {
    pub game: Game,
    rng: SplitMix64,
    /// The strong policy's generator (apart from `rng`: chance deals alike whoever plays).
    strong_rng: SplitMix64,
    pub number: u64,
    /// The number and the net results (R18) of the last game that ended in the slot.
    pub finished: Option<(u64, [i64; 4])>,
    /// Chips won and lost in hands played out during a reset, reported at the next step.
    pending: [f32; 4],
}

/// The seed of game `number` of a run seeded with `seed`: a function of the two alone.
pub fn game_seed(seed: u64, number: u64) -> u64 {
    let base = SplitMix64(seed).next_u64();
    SplitMix64(base ^ number).next_u64()
}

/// The outputs of a step, one row per slot.
pub struct Out<'a> {
    pub obs: &'a mut [f32],
    pub mask: &'a mut [u8],
    pub to_act: &'a mut [i64],
    pub rewards: &'a mut [f32],
    pub done: &'a mut [u8],
}

/// N games stepped together.
pub struct VecEnv {
    cfg: Config,
    learner: [bool; 4],
    encoder: Encoder,
    codec: Ids,
    slots: Vec<Slot>,
    started: u64,
    key: String,
    legal: Vec<Action>,
    actions: Vec<Action>,
    nets: Vec<Option<std::sync::Arc<crate::mlp::Mlp>>>,
}

const GIVE_UP: u32 = 10_000;

impl VecEnv {
    /// `n` slots (no game yet: [`VecEnv::reset`] starts them).  `Err` when no seat learns
    /// or a game cannot start under these rules.
    pub fn new(cfg: Config, encoder: Encoder, codec: Ids, n: usize) -> Result<VecEnv, String> {
        if cfg.seats.len() != cfg.players as usize || !cfg.seats.contains(&Seat::Learner) {
            return Err("one entry per seat, at least one learning seat".into());
        }
        if cfg.stride == 0 {
            return Err("the game stride must be at least 1".into());
        }
        let mut learner = [false; 4];
        let mut nets = vec![None; cfg.seats.len()];
        for (s, &kind) in cfg.seats.iter().enumerate() {
            learner[s] = kind == Seat::Learner;
            if let Seat::Table(t) = kind {
                if t >= cfg.tables.len() {
                    return Err(format!("seat {s}: no table {t}"));
                }
            }
            if let Seat::Net(k) = kind {
                nets[s] = Some(crate::mlp::get(k).ok_or(format!("seat {s}: no network {k}"))?);
            }
        }
        let dealer = cfg.dealer.unwrap_or(0);
        let core = Core::new_game(cfg.rules, cfg.players, dealer, None)
            .map_err(|e| format!("no game under these rules: {e:?}"))?;
        let slot = Slot {
            game: Game::new(core),
            rng: SplitMix64(0),
            strong_rng: SplitMix64(0),
            number: 0,
            finished: None,
            pending: [0.0; 4],
        };
        Ok(VecEnv {
            cfg,
            learner,
            encoder,
            codec,
            slots: vec![slot; n],
            started: 0,
            key: String::new(),
            legal: Vec::new(),
            actions: Vec::new(),
            nets,
        })
    }

    pub fn len(&self) -> usize {
        self.slots.len()
    }

    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    pub fn obs_size(&self) -> usize {
        if self.cfg.menu {
            crate::netbot::SIZE
        } else {
            self.encoder.size()
        }
    }

    pub fn num_actions(&self) -> usize {
        if self.cfg.menu {
            crate::netbot::MENU
        } else {
            self.codec.count() as usize
        }
    }

    pub fn slot(&self, i: usize) -> &Slot {
        &self.slots[i]
    }

    /// Games started so far.
    pub fn started(&self) -> u64 {
        self.started
    }

    fn start(&mut self, i: usize) {
        let number = self.cfg.offset + self.started * self.cfg.stride;
        self.started += 1;
        let mut rng = SplitMix64(game_seed(self.cfg.seed, number));
        let dealer = match self.cfg.dealer {
            Some(d) => d,
            None => rng.below(self.cfg.players as u64) as u8,
        };
        let core = Core::new_game(self.cfg.rules, self.cfg.players, dealer, None)
            .expect("checked when the environment was made");
        let slot = &mut self.slots[i];
        slot.game.core = core;
        slot.game.log.clear();
        slot.game.results.clear();
        slot.rng = rng;
        slot.strong_rng = SplitMix64(crate::play::strong_seed(game_seed(self.cfg.seed, number)));
        slot.number = number;
    }

    /// Start every slot's game anew (game numbers from the first again) and write the first
    /// decisions; `out.rewards` and `out.done` are zeroed (chips won or lost in hands played
    /// out before a slot's first decision are reported at the next step).
    pub fn reset(&mut self, out: Out<'_>) -> Result<(), EnvError> {
        self.started = 0;
        out.rewards.fill(0.0);
        out.done.fill(0);
        let p = self.cfg.players as usize;
        for i in 0..self.slots.len() {
            self.start(i);
            let mut pending = [0f32; 4];
            self.advance(i, &mut pending[..p])?;
            self.slots[i].pending = pending;
        }
        self.write(out.obs, out.mask, out.to_act);
        Ok(())
    }

    /// Play `actions[i]` (an id legal for slot `i`'s seat to act) in every slot, then every
    /// seat that does not learn and chance, until a learning seat is to act again; a game
    /// that ends is replaced by the next one.  Nothing is played when an id is not legal.
    pub fn step(&mut self, actions: &[i64], out: Out<'_>) -> Result<(), EnvError> {
        self.actions.clear();
        for (i, slot) in self.slots.iter().enumerate() {
            let id = actions[i];
            let action = if self.cfg.menu {
                let entries = crate::netbot::menu(&slot.game.core);
                usize::try_from(id)
                    .ok()
                    .and_then(|k| entries.get(k).copied().flatten())
            } else {
                self.codec.decode(&slot.game.core, id)
            };
            match action {
                Some(a) => self.actions.push(a),
                None => return Err(EnvError::Illegal { slot: i, id }),
            }
        }
        let p = self.cfg.players as usize;
        for i in 0..self.slots.len() {
            let action = self.actions[i];
            let row = &mut out.rewards[i * p..(i + 1) * p];
            let pending = &mut self.slots[i].pending;
            row.copy_from_slice(&pending[..p]);
            *pending = [0.0; 4];
            play(&mut self.slots[i].game, action, row);
            out.done[i] = self.advance(i, row)? as u8;
        }
        self.write(out.obs, out.mask, out.to_act);
        Ok(())
    }

    fn write(&self, obs: &mut [f32], mask: &mut [u8], to_act: &mut [i64]) {
        let size = self.obs_size();
        let count = self.num_actions();
        for (i, slot) in self.slots.iter().enumerate() {
            let core = &slot.game.core;
            let seat = match core.to_act {
                Actor::Seat(s) => s,
                _ => unreachable!("a slot waits for a learning seat"),
            };
            let row = &mut obs[i * size..(i + 1) * size];
            let legal = &mut mask[i * count..(i + 1) * count];
            if self.cfg.menu {
                let tracker = crate::netbot::Tracker::of_log(&slot.game.log);
                crate::netbot::features(core, &tracker, seat as usize, row);
                for (m, entry) in legal.iter_mut().zip(crate::netbot::menu(core)) {
                    *m = entry.is_some() as u8;
                }
            } else {
                self.encoder.encode(&slot.game, Some(seat), row);
                self.codec.mask(core, legal);
            }
            to_act[i] = seat as i64;
        }
    }

    /// Play slot `i` until a learning seat is to act (starting the next game when one
    /// ends): whether a game ended.
    fn advance(&mut self, i: usize, rewards: &mut [f32]) -> Result<bool, EnvError> {
        let mut ended = false;
        let mut idle = 0; // games ended in a row with no learning seat acting
        loop {
            let slot = &mut self.slots[i];
            let core = &slot.game.core;
            let action = match core.to_act {
                Actor::Seat(s) => match self.cfg.seats[s as usize] {
                    Seat::Learner => return Ok(ended),
                    Seat::Random => random_action(core, &mut slot.rng, self.cfg.max_hands)
                        .expect("a seat to act has a move"),
                    Seat::Heuristic => {
                        crate::policy::heuristic_action(core).expect("a seat to act has a move")
                    }
                    Seat::Range => {
                        let ev = crate::range::Evidence::of_log(&slot.game.log);
                        let params = crate::range::Params::default();
                        crate::range::range_action(core, &ev, &mut slot.strong_rng, &params)
                            .expect("a seat to act has a move")
                    }
                    Seat::Equity => {
                        let ev = crate::range::Evidence::of_log(&slot.game.log);
                        let params = crate::play::EQUITY;
                        crate::range::range_action(core, &ev, &mut slot.strong_rng, &params)
                            .expect("a seat to act has a move")
                    }
                    Seat::Net(_) => {
                        let net = self.nets[s as usize].as_ref().expect("checked at new");
                        let tracker = crate::netbot::Tracker::of_log(&slot.game.log);
                        crate::mlp::net_action(core, &tracker, net, &mut slot.strong_rng)
                            .expect("a seat to act has a move")
                    }
                    Seat::Table(t) => {
                        table_action(&self.cfg.tables[t], slot, s, &mut self.key, &mut self.legal)
                    }
                },
                Actor::Chance => random_action(core, &mut slot.rng, self.cfg.max_hands)
                    .expect("chance has a card to deal"),
                Actor::Nobody if core.phase == Phase::End => {
                    let nets = crate::settle::nets(core);
                    slot.finished = Some((slot.number, nets));
                    if ended && !self.played(i) {
                        idle += 1;
                        if idle > GIVE_UP {
                            return Err(EnvError::NoLearner);
                        }
                    }
                    ended = true;
                    self.start(i);
                    continue;
                }
                Actor::Nobody => random_action(core, &mut slot.rng, self.cfg.max_hands)
                    .expect("between hands the game goes on or ends"),
            };
            play(&mut self.slots[i].game, action, rewards);
        }
    }

    /// Whether a learning seat acted in slot `i`'s game.
    fn played(&self, i: usize) -> bool {
        self.slots[i].game.log.iter().any(|e| {
            let seat = match e.action {
                Action::Pass(s)
                | Action::Bet(s, _)
                | Action::Call(s)
                | Action::Raise(s, _)
                | Action::Fold(s)
                | Action::Discard(s, _) => s,
                _ => return false,
            };
            self.learner[seat as usize]
        })
    }
}

/// Apply a legal action; a hand that ends adds its payoffs to `rewards`.
#[inline]
fn play(game: &mut Game, action: Action, rewards: &mut [f32]) {
    let before = game.results.len();
    game.play(action).expect("a legal action");
    if game.results.len() > before {
        let r = &game.results[before];
        for (s, x) in rewards.iter_mut().enumerate() {
            *x += r.payoffs[s] as f32;
        }
    }
}

/// A uniform float in `[0, 1)`.
#[inline]
fn unit(rng: &mut SplitMix64) -> f64 {
    (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
}

/// The action of a tabular policy for `seat` (to act): its entry for the seat's key, or the
/// uniform distribution when the table has none that names exactly the legal actions.
fn table_action(
    table: &Table,
    slot: &mut Slot,
    seat: u8,
    key: &mut String,
    legal: &mut Vec<Action>,
) -> Action {
    let game = &slot.game;
    key.clear();
    key.push('p');
    key.push((b'0' + seat) as char);
    let face_up = game.core.rules.discards_face_up;
    for e in &game.log[hand_start(&game.log)..] {
        key.push(' ');
        push_event(key, e, Some(seat), face_up);
    }
    legal.clear();
    for_each_action(&legal_moves(&game.core), |a| legal.push(a));
    let entry = table.entries.get(key.as_str());
    let mut probs: Vec<f64> = Vec::new();
    if let Some(entry) = entry.filter(|e| e.len() == legal.len()) {
        for &a in legal.iter() {
            let token = crate::solve::tree::action_token(a);
            match entry.iter().find(|(t, _)| *t == token) {
                Some(&(_, p)) => probs.push(p),
                None => {
                    probs.clear();
                    break;
                }
            }
        }
    }
    if probs.is_empty() {
        let k = slot.rng.below(legal.len() as u64) as usize;
        return legal[k];
    }
    let total: f64 = probs.iter().sum();
    let mut x = unit(&mut slot.rng) * total;
    let mut last = legal[0];
    for (&a, &p) in legal.iter().zip(&probs) {
        if p > 0.0 {
            last = a;
            x -= p;
            if x < 0.0 {
                return a;
            }
        }
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(seats: Vec<Seat>, n: usize, seed: u64) -> VecEnv {
        let rules = Rules {
            hands: Some(3),
            starting_stack: 20,
            ..Rules::TRADICIONAL
        };
        let players = seats.len() as u8;
        let cfg = Config {
            rules,
            players,
            seats,
            tables: Vec::new(),
            dealer: None,
            seed,
            offset: 0,
            stride: 1,
            max_hands: 100,
            menu: false,
        };
        let scale = (players as i64 * 20 * 3) as f64;
        let encoder = Encoder::observation(&rules, players, scale, true, true, false);
        let codec = Ids {
            max_amount: scale as i64 - 1,
            discards: 32,
        };
        VecEnv::new(cfg, encoder, codec, n).unwrap()
    }

    /// Steps `env` with random legal ids for `steps` steps: every row sums to zero, and the
    /// rows of a game add up to its nets (the games whose rows hold no other game's chips:
    /// a row can end one game and hold another played out with no learning seat acting).
    /// The number of games checked.
    fn check(mut env: VecEnv, steps: usize) -> usize {
        let n = env.len();
        let (size, count, p) = (env.obs_size(), env.num_actions(), env.cfg.players as usize);
        let mut obs = vec![0f32; n * size];
        let mut mask = vec![0u8; n * count];
        let mut to_act = vec![0i64; n];
        let mut rewards = vec![0f32; n * p];
        let mut done = vec![0u8; n];
        macro_rules! out {
            () => {
                Out {
                    obs: &mut obs,
                    mask: &mut mask,
                    to_act: &mut to_act,
                    rewards: &mut rewards,
                    done: &mut done,
                }
            };
        }
        env.reset(out!()).unwrap();
        let mut totals = vec![[0f32; 4]; n];
        let mut rng = SplitMix64(9);
        let mut games = 0;
        let mut clean: Vec<bool> = (0..n)
            .map(|i| env.slot(i).game.results.is_empty())
            .collect();
        for _ in 0..steps {
            let playing: Vec<u64> = (0..n).map(|i| env.slot(i).number).collect();
            let mut actions = Vec::with_capacity(n);
            for i in 0..n {
                let seat = to_act[i] as usize;
                assert_eq!(env.cfg.seats[seat], Seat::Learner);
                let legal: Vec<i64> = (0..count as i64)
                    .filter(|&a| mask[i * count + a as usize] == 1)
                    .collect();
                assert!(!legal.is_empty());
                actions.push(legal[rng.below(legal.len() as u64) as usize]);
            }
            env.step(&actions, out!()).unwrap();
            for i in 0..n {
                let row = &rewards[i * p..(i + 1) * p];
                assert_eq!(row.iter().sum::<f32>(), 0.0);
                for s in 0..p {
                    totals[i][s] += row[s];
                }
                if done[i] == 1 {
                    // the row holds the game's end alone when no other game ended with it
                    let (number, nets) = env.slot(i).finished.unwrap();
                    let alone = env.slot(i).game.results.is_empty();
                    if number == playing[i] && clean[i] && alone {
                        for s in 0..p {
                            assert_eq!(totals[i][s], nets[s] as f32);
                        }
                        games += 1;
                    }
                    clean[i] = alone;
                    totals[i] = [0.0; 4];
                }
            }
        }
        games
    }

    #[test]
    fn rewards_add_up_to_the_nets_of_each_game() {
        let games = check(env(vec![Seat::Learner; 3], 8, 1), 300);
        assert!(games > 8);
        let seats = vec![
            Seat::Heuristic,
            Seat::Learner,
            Seat::Random,
            Seat::Heuristic,
        ];
        assert!(check(env(seats, 8, 2), 300) > 8);
    }

    #[test]
    fn an_illegal_id_plays_nothing() {
        let mut env = env(vec![Seat::Learner; 3], 2, 3);
        let (size, count) = (env.obs_size(), env.num_actions());
        let mut obs = vec![0f32; 2 * size];
        let mut mask = vec![0u8; 2 * count];
        let mut to_act = vec![0i64; 2];
        let mut rewards = vec![0f32; 6];
        let mut done = vec![0u8; 2];
        let out = Out {
            obs: &mut obs,
            mask: &mut mask,
            to_act: &mut to_act,
            rewards: &mut rewards,
            done: &mut done,
        };
        env.reset(out).unwrap();
        let before = env.slot(0).game.clone();
        let pass = env.codec.pass_id();
        let out = Out {
            obs: &mut obs,
            mask: &mut mask,
            to_act: &mut to_act,
            rewards: &mut rewards,
            done: &mut done,
        };
        assert_eq!(
            env.step(&[pass, -5], out),
            Err(EnvError::Illegal { slot: 1, id: -5 })
        );
        assert_eq!(env.slot(0).game, before);
    }
}
