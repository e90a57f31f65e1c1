//! What a count has to say while it runs that is not its answer: a
//! cluster waiting for its processes, a stranger dropped, a resume, a
//! checkpoint left behind. The engine prints none of it: it queues each
//! [`Notice`] on the count's [`Progress`](super::Progress), and the caller
//! (the command line) says it where it suits.

use std::path::PathBuf;
use std::sync::{Arc, Mutex};

/// A line a count has for the person who started it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Notice {
    /// This process waits for the others of its cluster to come up.
    Waiting,
    /// A connection `from` an address to this process's port was dropped:
    /// not a process of the cluster (`why`, in words).
    #[allow(missing_docs)]
    Dropped {
        from: std::net::SocketAddr,
        why: String,
    },
    /// A connection `from` an address was dropped unheard: `most`
    /// handshakes were under way.
    #[allow(missing_docs)]
    Crowded {
        from: std::net::SocketAddr,
        most: usize,
    },
    /// The count resumes from its checkpoint after square `square` (from
    /// 1) of `of`.
    #[allow(missing_docs)]
    ResumedAfterSquare { square: u64, of: u64 },
    /// The count resumes from its checkpoint where the halves met, with
    /// `pieces` pieces across the cut joined.
    #[allow(missing_docs)]
    ResumedAfterPieces { pieces: u64 },
    /// No heartbeats can be sent or heard at `host`: a frozen process
    /// would go unnoticed (`why`, in words).
    #[allow(missing_docs)]
    Unwatched { host: String, why: String },
    /// No heartbeat was ever heard from process `process` at `host`.
    #[allow(missing_docs)]
    Unheard { process: usize, host: String },
    /// The checkpoint's files in `dir` could not be removed once the
    /// count was done (`why`, in words).
    #[allow(missing_docs)]
    Uncleared { dir: PathBuf, why: String },
    /// Process `process` at `host`, heard before, has sent nothing for
    /// `silent`: stopped, frozen or gone. The count cannot end: its
    /// workers wait for that process (see [`Notice::ends_count`]).
    #[allow(missing_docs)]
    Lost {
        process: usize,
        host: String,
        silent: std::time::Duration,
    },
}

impl Notice {
    /// Whether the count this notice is about can no longer end: the
    /// program should say it and end the process (the command line exits
    /// 3), since the count's workers wait on the network for good.
    pub fn ends_count(&self) -> bool {
        matches!(self, Notice::Lost { .. })
    }
}

impl std::fmt::Display for Notice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Notice::Waiting => f.write_str("waiting for the other processes of the cluster"),
            Notice::Dropped { from, why } => write!(f, "dropped a connection from {from}: {why}"),
            Notice::Crowded { from, most } => write!(
                f,
                "dropped a connection from {from}: {most} handshakes under way"
            ),
            Notice::ResumedAfterSquare { square, of } => {
                write!(
                    f,
                    "resuming from the checkpoint after square {square} of {of}"
                )
            }
            Notice::ResumedAfterPieces { pieces } => write!(
                f,
                "resuming from the checkpoint: the halves met, {pieces} pieces across the cut joined"
            ),
            Notice::Unwatched { host, why } => write!(
                f,
                "no heartbeats at {host} (UDP: {why}): a frozen process would go unnoticed"
            ),
            Notice::Unheard { process, host } => write!(
                f,
                "no heartbeats from process {process} at {host} (UDP blocked?): a frozen process would go unnoticed"
            ),
            Notice::Lost {
                process,
                host,
                silent,
            } => write!(
                f,
                "process {process} at {host} has sent nothing for {} s (stopped, frozen or gone); no count",
                silent.as_secs()
            ),
            Notice::Uncleared { dir, why } => write!(
                f,
                "{}: the checkpoint's files could not be removed ({why}): remove them before counting again",
                dir.display()
            ),
        }
    }
}

/// The notices of a count not yet taken by its caller; clones share them.
#[derive(Clone, Debug, Default)]
pub struct Notices(Arc<Mutex<Vec<Notice>>>);

impl Notices {
    /// Queues `notice`.
    pub fn say(&self, notice: Notice) {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .push(notice);
    }

    /// The notices queued since the last take, oldest first.
    pub fn take(&self) -> Vec<Notice> {
        std::mem::take(
            &mut *self
                .0
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_are_taken_once_in_order() {
        let n = Notices::default();
        let shared = n.clone();
        shared.say(Notice::Waiting);
        shared.say(Notice::ResumedAfterPieces { pieces: 3 });
        assert_eq!(
            n.take(),
            vec![Notice::Waiting, Notice::ResumedAfterPieces { pieces: 3 }]
        );
        assert!(n.take().is_empty());
        assert_eq!(
            Notice::ResumedAfterSquare { square: 12, of: 42 }.to_string(),
            "resuming from the checkpoint after square 12 of 42"
        );
    }
}
