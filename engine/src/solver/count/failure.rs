//! Why a count on workers (one process's, or a cluster's) could not be
//! taken, as values: each prints the line the command line shows.

use std::fmt;
use std::sync::Arc;

/// Why a count on workers could not be taken.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Failure {
    /// The processes of a cluster differ in what they count (bad input).
    #[error("{0}")]
    Refused(Mismatch),
    /// The workers could not start, or one failed (a connection, a file).
    #[error("the workers failed: {0}")]
    Workers(WorkerFault),
}

/// How the processes of a cluster differ, so they refuse to count.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Mismatch {
    /// They were given different values of one term of the count.
    #[error(
        "the processes differ in {term} (process {process}: {theirs}; process {me}: {mine}): start every process with the same arguments and host file"
    )]
    Terms {
        /// The term (an argument, or the host file).
        term: String,
        /// The other process.
        process: usize,
        /// Its value there.
        theirs: String,
        /// This process.
        me: usize,
        /// Its value here.
        mine: String,
    },
    /// A process this one dialled does not hold its key.
    #[error(
        "process {process} at {host}: {}; give every process the same key",
        key_words(.keyless)
    )]
    Key {
        /// The process dialled.
        process: usize,
        /// Its address.
        host: String,
        /// This process has no key.
        keyless: bool,
    },
}

/// Why the workers of a count could not start, or stopped before the end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WorkerFault {
    /// Timely could not build or run the workers, or one of them panicked.
    #[error("{0}")]
    Timely(TimelySaid),
    /// This process cannot listen for the others.
    #[error("listening at {host}: {cause}")]
    Listen {
        /// Its own address.
        host: String,
        /// The system's error.
        cause: Cause,
    },
    /// A process this one dialled could not be reached, or failed its
    /// handshake.
    #[error("process {process} at {host}: {cause}")]
    Dial {
        /// The process.
        process: usize,
        /// Its address.
        host: String,
        /// The system's or the handshake's error.
        cause: Cause,
    },
    /// A process dialled answered as another.
    #[error("{host} answered as process {said}, not {process}: check the host file")]
    WrongProcess {
        /// The address dialled.
        host: String,
        /// The process expected there.
        process: usize,
        /// The process it said it was.
        said: usize,
    },
    /// Processes that should have connected did not, in time.
    #[error(
        "process {} did not connect to {host} in {secs} s{}",
        list(.missing),
        dropped_words(.dropped)
    )]
    Unconnected {
        /// The processes missing.
        missing: Vec<usize>,
        /// This process's address.
        host: String,
        /// How long it waited, in seconds.
        secs: u64,
        /// The connections dropped for failing their handshake.
        dropped: usize,
    },
    /// Timely's networking could not be set up on the connections.
    #[error("{0}")]
    Network(Cause),
    /// The checkpoint folder or its checkpoints refuse the count (the
    /// folder, its owner, an earlier or another count's checkpoint, the
    /// processes' checkpoints disagreeing).
    #[error("{0}")]
    Checkpoint(Cause),
    /// A checkpoint could not be read or written.
    #[error("{doing} the checkpoint: {cause}")]
    CheckpointFile {
        /// Reading or writing.
        doing: Doing,
        /// The error.
        cause: Cause,
    },
    /// A checkpoint of a meeting says more pieces were joined than there
    /// are.
    #[error("the checkpoint says {joined} pieces across the cut were joined, of {live}")]
    Joined {
        /// The pieces it says were joined.
        joined: u64,
        /// The pieces there are.
        live: usize,
    },
    /// The workers of another process of the cluster failed.
    #[error("the workers of another process of the cluster failed (it says why)")]
    OtherFailed,
    /// Another process of the cluster was stopped.
    #[error("another process of the cluster was stopped")]
    OtherStopped,
}

/// What a [`Mismatch::Key`] says of the keys.
fn key_words(keyless: &bool) -> &'static str {
    if *keyless {
        "it holds a key and this process has none (--cluster-key FILE)"
    } else {
        "it does not hold this process's key (or has none)"
    }
}

/// What a [`WorkerFault::Unconnected`] adds of the connections dropped.
fn dropped_words(dropped: &usize) -> String {
    match dropped {
        0 => String::new(),
        n => format!(" ({n} other connections dropped)"),
    }
}

/// `1, 2`: the processes, as a line lists them.
fn list(processes: &[usize]) -> String {
    let names: Vec<String> = processes.iter().map(usize::to_string).collect();
    names.join(", ")
}

/// What a checkpoint's file was being used for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doing {
    /// Reading it.
    Reading,
    /// Writing it.
    Writing,
}

impl fmt::Display for Doing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Doing::Reading => "reading",
            Doing::Writing => "writing",
        })
    }
}

/// What timely said: it reports its failures (building the workers,
/// starting them, a worker's panic) as text, `Result<_, String>`, so its
/// words are all there is to keep.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct TimelySaid(pub String);

/// The error beneath a [`WorkerFault`], kept whole: a system error
/// (`std::io::Error`) or one of the engine's own (a folder's refusal, a
/// handshake's failure), shared so a fault can be cloned. Find the type
/// with [`Cause::get`]; two causes are equal when they print alike.
#[derive(Clone, Debug)]
pub struct Cause(Arc<dyn std::error::Error + Send + Sync>);

impl Cause {
    /// The error, as its own type.
    pub fn new(error: impl std::error::Error + Send + Sync + 'static) -> Cause {
        Cause(Arc::new(error))
    }

    /// The error, if it is an `E`.
    pub fn get<E: std::error::Error + 'static>(&self) -> Option<&E> {
        self.0.downcast_ref()
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Cause {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.0.source()
    }
}

impl PartialEq for Cause {
    fn eq(&self, other: &Cause) -> bool {
        Arc::ptr_eq(&self.0, &other.0) || self.to_string() == other.to_string()
    }
}

impl Eq for Cause {}

#[cfg(feature = "cluster")]
impl WorkerFault {
    /// Timely's words, as a fault.
    pub(crate) fn timely(said: String) -> WorkerFault {
        WorkerFault::Timely(TimelySaid(said))
    }

    /// `error` while `doing` a checkpoint's file.
    pub(crate) fn file(
        doing: Doing,
        error: impl std::error::Error + Send + Sync + 'static,
    ) -> WorkerFault {
        WorkerFault::CheckpointFile {
            doing,
            cause: Cause::new(error),
        }
    }

    /// The checkpoint folder's, or its checkpoints', refusal.
    pub(crate) fn checkpoint(error: impl std::error::Error + Send + Sync + 'static) -> WorkerFault {
        WorkerFault::Checkpoint(Cause::new(error))
    }
}
