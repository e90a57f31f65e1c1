//! Files read safely: text within limits, cancellable, refused at the
//! first byte that cannot be text.

pub mod read;

pub use read::{FileLimit, ReadError, TextCheck, read_path, read_text};

#[cfg(test)]
mod tests;
