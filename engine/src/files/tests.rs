use std::io::{self, Read};
use std::path::Path;
use std::sync::atomic::AtomicBool;

use super::*;

fn tour_limit() -> FileLimit {
    FileLimit::tour_file()
}

#[test]
fn zeros_and_control_bytes_are_refused_at_once() {
    let e = read_text(io::repeat(0), &tour_limit(), None).unwrap_err();
    assert_eq!(e.to_string(), "not a text file (byte 0x00 at offset 0)");
    let e = read_text(&b"{\"rows\": 8\x1b}"[..], &tour_limit(), None).unwrap_err();
    assert!(matches!(
        e,
        ReadError::Control {
            offset: 10,
            byte: 0x1b
        }
    ));
    assert!(!e.unreadable());
}

#[test]
fn bytes_that_are_not_utf8_are_refused_where_they_are() {
    let e = read_text(&b"ab\xffcd"[..], &tour_limit(), None).unwrap_err();
    assert!(matches!(e, ReadError::NotUtf8 { offset: 2 }), "{e}");
    // A character cut at the file's end.
    let e = read_text(&"a\u{e9}".as_bytes()[..2], &tour_limit(), None).unwrap_err();
    assert!(matches!(e, ReadError::NotUtf8 { offset: 1 }), "{e}");
}

/// A reader that hands out one byte at a time, cutting every character.
struct Dribble<'a>(&'a [u8]);
impl Read for Dribble<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let Some((&b, rest)) = self.0.split_first() else {
            return Ok(0);
        };
        buf[0] = b;
        self.0 = rest;
        Ok(1)
    }
}

#[test]
fn text_is_read_whole_across_cut_characters() {
    let text = "\u{feff}{\"meta\": \"Euler — 1759 ♞\"}\r\n\t";
    let got = read_text(Dribble(text.as_bytes()), &tour_limit(), None).unwrap();
    assert_eq!(got, text);
}

#[test]
fn endless_blank_space_and_oversized_files_are_refused() {
    let limit = FileLimit {
        what: "tour file",
        bytes: 1000,
        blank_run: 100,
    };
    let e = read_text(io::repeat(b' '), &limit, None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "over 100 bytes of blank space in a row at offset 0: not a tour file"
    );
    let e = read_text(io::repeat(b'1'), &limit, None).unwrap_err();
    assert_eq!(e.to_string(), "larger than any tour file (over 1000 bytes)");
    let exactly = vec![b'1'; 1000];
    assert_eq!(read_text(&exactly[..], &limit, None).unwrap().len(), 1000);
    // The tour-file limit holds the largest board's path.
    assert!(FileLimit::tour_file().bytes > 300_000_000 * 12);
}

#[test]
fn a_read_can_be_cancelled() {
    let cancel = AtomicBool::new(true);
    let e = read_text(io::repeat(b'1'), &tour_limit(), Some(&cancel)).unwrap_err();
    assert!(matches!(e, ReadError::Cancelled));
}

#[test]
fn a_missing_file_is_unreadable() {
    let e = read_path(Path::new("/no/such/file"), &tour_limit(), None).unwrap_err();
    assert!(e.unreadable());
}
