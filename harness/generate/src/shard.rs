//! Shards (DESIGN.md section 9.1): `run --shard K/N` and `fuzz --shard K/N`
//! split the work of one seed into N disjoint parts so N machines can share
//! a campaign, and `evidence merge` adds their evidence back up.
//!
//! A campaign's work is cut into *units* that do not depend on each other:
//! for `run`, each corpus file and each block of generated cases of a kind
//! ([`crate::campaign::CASES_PER_BLOCK`] creates plus as many
//! update cases, with their own random stream and targeting); for `fuzz`,
//! each worker's random stream. A shard owns a unit by its identity alone,
//! so every shard decides the same way without talking to the others: the
//! shards are disjoint, and together they are exactly the unsharded run.
//!
//! ```
//! use dv_harness_generate::shard::Shard;
//! let whole = Shard::WHOLE;
//! let halves: Vec<Shard> = (1..=2).map(|k| Shard::new(k, 2).unwrap()).collect();
//! for unit in ["v1/Pod#corpus:a.json", "v1/Pod#block:3"] {
//!     assert!(whole.owns(unit));
//!     assert_eq!(halves.iter().filter(|s| s.owns(unit)).count(), 1);
//! }
//! assert_eq!("2/3".parse::<Shard>().unwrap().to_string(), "2/3");
//! ```

use std::fmt;
use std::str::FromStr;

/// One part K of N (1 <= K <= N) of a campaign.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Shard {
    index: u32,
    count: u32,
}

/// Why a `--shard` value was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// Not of the form `K/N`.
    #[error("{0:?} is not a shard (use K/N, e.g. 1/4)")]
    Syntax(String),
    /// K outside 1..=N, or N = 0.
    #[error("shard {index}/{count} is out of range (K must be in 1..=N and N at least 1)")]
    Range {
        /// K.
        index: u32,
        /// N.
        count: u32,
    },
}

/// FNV-1a over the bytes of a unit's identity: stable across builds,
/// platforms and Rust versions (unlike `std`'s hasher).
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325_u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

impl Shard {
    /// The whole campaign: shard 1 of 1.
    pub const WHOLE: Shard = Shard { index: 1, count: 1 };

    /// Shard `index` of `count`.
    ///
    /// ```
    /// use dv_harness_generate::shard::Shard;
    /// assert!(Shard::new(0, 2).is_err());
    /// assert!(Shard::new(3, 2).is_err());
    /// assert_eq!(Shard::new(2, 2).unwrap().index(), 2);
    /// ```
    pub fn new(index: u32, count: u32) -> Result<Shard, ShardError> {
        if count == 0 || index == 0 || index > count {
            return Err(ShardError::Range { index, count });
        }
        Ok(Shard { index, count })
    }

    /// K (1-based).
    ///
    /// ```
    /// assert_eq!(dv_harness_generate::shard::Shard::WHOLE.index(), 1);
    /// ```
    pub const fn index(self) -> u32 {
        self.index
    }

    /// N.
    ///
    /// ```
    /// assert_eq!(dv_harness_generate::shard::Shard::WHOLE.count(), 1);
    /// ```
    pub const fn count(self) -> u32 {
        self.count
    }

    /// Whether this is the whole campaign (1/1).
    ///
    /// ```
    /// assert!(dv_harness_generate::shard::Shard::WHOLE.is_whole());
    /// ```
    pub const fn is_whole(self) -> bool {
        self.count == 1
    }

    /// Whether the unit named `identity` belongs to this shard: its stable
    /// hash modulo N is K - 1.
    ///
    /// ```
    /// use dv_harness_generate::shard::Shard;
    /// let s = Shard::new(1, 4).unwrap();
    /// assert_eq!(s.owns("x"), s.owns("x"));
    /// ```
    pub fn owns(self, identity: &str) -> bool {
        self.owns_index(fnv1a(identity))
    }

    /// Whether the unit with number `n` belongs to this shard (`n mod N == K - 1`):
    /// for units that are numbered (a kind's blocks, fuzz workers' streams).
    ///
    /// ```
    /// use dv_harness_generate::shard::Shard;
    /// let s = Shard::new(2, 3).unwrap();
    /// assert_eq!((0..6).filter(|n| s.owns_index(*n)).collect::<Vec<_>>(), [1, 4]);
    /// ```
    pub fn owns_index(self, n: u64) -> bool {
        n % u64::from(self.count) == u64::from(self.index - 1)
    }

    /// The number of a block of units of `group` (a kind) that a shard
    /// owns: the blocks of each group start at a shard given by the
    /// group's hash, so small campaigns of many kinds still spread over
    /// all shards.
    ///
    /// ```
    /// use dv_harness_generate::shard::Shard;
    /// let halves = [Shard::new(1, 2).unwrap(), Shard::new(2, 2).unwrap()];
    /// for b in 0..4 {
    ///     assert_eq!(halves.iter().filter(|s| s.owns_block("v1/Pod", b)).count(), 1);
    /// }
    /// ```
    pub fn owns_block(self, group: &str, block: u64) -> bool {
        self.owns_index(fnv1a(group).wrapping_add(block))
    }

    /// The label used in file names and run ids: `shard-K-of-N`.
    ///
    /// ```
    /// assert_eq!(dv_harness_generate::shard::Shard::new(2, 4).unwrap().label(), "shard-2-of-4");
    /// ```
    pub fn label(self) -> String {
        format!("shard-{}-of-{}", self.index, self.count)
    }
}

impl Default for Shard {
    fn default() -> Shard {
        Shard::WHOLE
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

impl FromStr for Shard {
    type Err = ShardError;

    fn from_str(s: &str) -> Result<Shard, ShardError> {
        let (k, n) = s
            .trim()
            .split_once('/')
            .ok_or_else(|| ShardError::Syntax(s.to_string()))?;
        let parse = |t: &str| {
            t.trim()
                .parse::<u32>()
                .map_err(|_| ShardError::Syntax(s.to_string()))
        };
        Shard::new(parse(k)?, parse(n)?)
    }
}

/// Parses a `--shard` value (for clap).
///
/// ```
/// assert!(dv_harness_generate::shard::parse_shard("1/2").is_ok());
/// assert!(dv_harness_generate::shard::parse_shard("2").is_err());
/// ```
pub fn parse_shard(s: &str) -> Result<Shard, String> {
    s.parse::<Shard>().map_err(|e| e.to_string())
}

/// The identity of a run for the evidence file, unique across machines
/// and stable for one run, so merging a run's evidence twice counts it
/// once: `<base>:<command>:seed-<S>:shard-K-of-N`, where `base` is the
/// `--run-id` given (in CI: the workflow run, the same for every shard of
/// one campaign) or, without one, the start time in milliseconds and the
/// process id (`local-<millis>-<pid>`).
///
/// ```
/// use dv_harness_generate::shard::{Shard, run_uid};
/// let s = Shard::new(2, 4).unwrap();
/// assert_eq!(run_uid(Some("gh-123-1"), "run", 7, s), "gh-123-1:run:seed-7:shard-2-of-4");
/// assert!(run_uid(None, "fuzz", 0, Shard::WHOLE).starts_with("local-"));
/// ```
pub fn run_uid(base: Option<&str>, command: &str, seed: u64, shard: Shard) -> String {
    let base = match base {
        Some(b) if !b.trim().is_empty() => b.trim().to_string(),
        _ => {
            let millis = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_millis())
                .unwrap_or(0);
            format!("local-{millis}-{}", std::process::id())
        }
    };
    format!("{base}:{command}:seed-{seed}:{}", shard.label())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_partition_identities() {
        let shards: Vec<Shard> = (1..=3).map(|k| Shard::new(k, 3).unwrap()).collect();
        let mut per_shard = [0usize; 3];
        for i in 0..300 {
            let id = format!("v1/Kind#corpus:corpus/core/case-{i}.json");
            let owners: Vec<usize> = (0..3).filter(|s| shards[*s].owns(&id)).collect();
            assert_eq!(owners.len(), 1, "{id}");
            per_shard[owners[0]] += 1;
        }
        // Roughly balanced.
        assert!(per_shard.iter().all(|n| *n > 60), "{per_shard:?}");
    }

    #[test]
    fn syntax_errors() {
        for bad in ["", "1", "a/b", "1/0", "0/1", "3/2", "-1/2"] {
            assert!(bad.parse::<Shard>().is_err(), "{bad}");
        }
        assert_eq!(" 1 / 2 ".parse::<Shard>(), Ok(Shard { index: 1, count: 2 }));
    }
}
