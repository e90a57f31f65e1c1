//! Files, read and written safely: reading text within limits ([`read`]),
//! writing whole or not at all, never replacing a device ([`write()`]).

pub mod read;
pub mod write;

pub use read::{FileLimit, ReadError, TextCheck, read_path, read_text};
pub use write::{WriteError, Written, check, end_by_signal, remove_temporaries, write};

#[cfg(test)]
mod tests;
