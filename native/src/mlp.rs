//! golfo's `NetBot` network in Rust (`golfo.bots.net.network.Network`): dense layers,
//! ReLU between them, the last one the logits of the menu ([`crate::netbot::MENU`]); and
//! the policy that samples from it.  Networks are registered once (from Python, which
//! reads golfo's shipped weights or a file of one's own) and named by their index.

use std::sync::{Arc, RwLock};

use crate::netbot::{features, menu, Tracker, MENU, SIZE};
use crate::play::SplitMix64;
use crate::state::{Action, Actor, Core};

/// One dense layer: `out[j] = b[j] + sum_i x[i] * w[i * outputs + j]`.
#[derive(Clone, Debug, PartialEq)]
struct Layer {
    inputs: usize,
    outputs: usize,
    w: Vec<f32>,
    b: Vec<f32>,
}

impl Layer {
    #[inline]
    fn apply(&self, x: &[f32], out: &mut [f32], relu: bool) {
        out[..self.outputs].copy_from_slice(&self.b);
        for (i, &xi) in x[..self.inputs].iter().enumerate() {
            if xi == 0.0 {
                continue; // many features are 0 (one-hot parts, absent opponents)
            }
            let row = &self.w[i * self.outputs..(i + 1) * self.outputs];
            for (o, &w) in out[..self.outputs].iter_mut().zip(row) {
                *o += xi * w;
            }
        }
        if relu {
            for o in &mut out[..self.outputs] {
                *o = o.max(0.0);
            }
        }
    }
}

/// The widest layer a network may have (its activations live on the stack).
pub const WIDEST: usize = 512;

/// A network: [`SIZE`] features in, [`MENU`] logits out.
#[derive(Clone, Debug, PartialEq)]
pub struct Mlp {
    layers: Vec<Layer>,
    widest: usize,
    /// Whether the policy plays its likeliest entry instead of drawing one (`NetBot(...,
    /// greedy=True)`).
    pub greedy: bool,
}

impl Mlp {
    /// The network of `shapes` (`(inputs, outputs)` per layer, chained, from [`SIZE`] to
    /// [`MENU`]) and `weights`: per layer its `inputs x outputs` matrix (row by input) then
    /// its biases, layer after layer.
    pub fn new(shapes: &[(usize, usize)], weights: &[f32], greedy: bool) -> Result<Mlp, String> {
        if shapes.is_empty() || shapes[0].0 != SIZE || shapes[shapes.len() - 1].1 != MENU {
            return Err(format!(
                "a network goes from {SIZE} features to {MENU} logits"
            ));
        }
        let mut layers = Vec::new();
        let mut at = 0;
        let mut widest = 0;
        for (k, &(inputs, outputs)) in shapes.iter().enumerate() {
            if k > 0 && shapes[k - 1].1 != inputs {
                return Err(format!(
                    "layer {k} takes {inputs} inputs, not the {} given",
                    shapes[k - 1].1
                ));
            }
            let n = inputs * outputs;
            if weights.len() < at + n + outputs {
                return Err("fewer weights than the shapes need".into());
            }
            layers.push(Layer {
                inputs,
                outputs,
                w: weights[at..at + n].to_vec(),
                b: weights[at + n..at + n + outputs].to_vec(),
            });
            at += n + outputs;
            widest = widest.max(outputs);
        }
        if widest > WIDEST {
            return Err(format!("layers of at most {WIDEST} units"));
        }
        if at != weights.len() {
            return Err("more weights than the shapes need".into());
        }
        Ok(Mlp {
            layers,
            widest,
            greedy,
        })
    }

    /// The menu's logits for a feature vector.
    pub fn logits(&self, x: &[f32], out: &mut [f32; MENU]) {
        let mut a = [0f32; WIDEST];
        let mut b = [0f32; WIDEST];
        a[..SIZE].copy_from_slice(&x[..SIZE]);
        let last = self.layers.len() - 1;
        for (k, layer) in self.layers.iter().enumerate() {
            layer.apply(&a, &mut b, k < last);
            std::mem::swap(&mut a, &mut b);
        }
        out.copy_from_slice(&a[..MENU]);
    }
}

static NETS: RwLock<Vec<Arc<Mlp>>> = RwLock::new(Vec::new());

/// Register a network: its number (the same network registered twice gets its first
/// number).
pub fn register(net: Mlp) -> usize {
    let mut nets = NETS.write().expect("the registry is never poisoned");
    if let Some(k) = nets.iter().position(|n| **n == net) {
        return k;
    }
    nets.push(Arc::new(net));
    nets.len() - 1
}

/// The network registered as `k`.
pub fn get(k: usize) -> Option<Arc<Mlp>> {
    NETS.read()
        .expect("the registry is never poisoned")
        .get(k)
        .cloned()
}

/// The menu's probabilities (0 where an entry has no action), the softmax of the logits
/// over the legal entries, and the entries' actions.
pub fn policy(core: &Core, tracker: &Tracker, net: &Mlp) -> ([f64; MENU], [Option<Action>; MENU]) {
    let Actor::Seat(s) = core.to_act else {
        return ([0.0; MENU], [None; MENU]);
    };
    let mut x = [0f32; SIZE];
    features(core, tracker, s as usize, &mut x);
    let mut logits = [0f32; MENU];
    net.logits(&x, &mut logits);
    let entries = menu(core);
    let top = entries
        .iter()
        .zip(&logits)
        .filter(|(e, _)| e.is_some())
        .map(|(_, &l)| l as f64)
        .fold(f64::NEG_INFINITY, f64::max);
    let mut p = [0f64; MENU];
    let mut total = 0.0;
    for k in 0..MENU {
        if entries[k].is_some() {
            p[k] = (logits[k] as f64 - top).exp();
            total += p[k];
        }
    }
    for x in &mut p {
        *x /= total;
    }
    (p, entries)
}

/// An action drawn from the network's policy for the seat to act (`None` when no seat is).
pub fn net_action(
    core: &Core,
    tracker: &Tracker,
    net: &Mlp,
    rng: &mut SplitMix64,
) -> Option<Action> {
    if !matches!(core.to_act, Actor::Seat(_)) {
        return None;
    }
    let (p, entries) = policy(core, tracker, net);
    if net.greedy {
        let mut best: Option<usize> = None;
        for k in 0..MENU {
            if entries[k].is_some() && best.is_none_or(|b| p[k] > p[b]) {
                best = Some(k);
            }
        }
        return best.and_then(|k| entries[k]);
    }
    let mut x = (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
    let mut last = None;
    for k in 0..MENU {
        if let Some(a) = entries[k] {
            last = Some(a);
            x -= p[k];
            if x < 0.0 {
                return Some(a);
            }
        }
    }
    last
}
