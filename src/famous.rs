//! The famous tours built into the binary, so `replay euler` works from
//! any folder: each is one of `assets/`'s tour files, by a short name that
//! works wherever a tour file is read. A file of that name in the folder
//! wins, so a name never hides a file.

use std::path::Path;

/// A built-in tour: its name, what it is, and its tour file.
pub struct Famous {
    pub name: &'static str,
    pub about: &'static str,
    pub text: &'static str,
}

/// Every built-in tour, as `replay --list` prints them.
pub const TOURS: [Famous; 2] = [
    Famous {
        name: "euler",
        about: "Euler's symmetric closed tour of 8x8 (1759)",
        text: include_str!("../assets/euler-1759-8x8.json"),
    },
    Famous {
        name: "beverley",
        about: "Beverley's semimagic open tour of 8x8 (1848)",
        text: include_str!("../assets/beverley-1848-8x8.json"),
    },
];

/// The tour file `path` names when it is a built-in tour's name and no
/// file of that name is there.
pub fn tour(path: &Path) -> Option<&'static str> {
    let name = path.to_str()?;
    let famous = TOURS.iter().find(|t| t.name == name)?;
    (!path.exists()).then_some(famous.text)
}

/// `replay --list`: one line a tour, its name and what it is.
pub fn list() -> String {
    TOURS
        .iter()
        .map(|t| format!("{:<10}{}\n", t.name, t.about))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_tour_is_a_complete_tour_file() {
        for t in &TOURS {
            let file = knight_engine::tour::parse(t.text)
                .unwrap_or_else(|e| panic!("{}: {e}", t.name))
                .file;
            assert_eq!(file.path.len(), 64, "{}", t.name);
            assert!(tour(Path::new(t.name)).is_some() || Path::new(t.name).exists());
        }
        assert!(tour(Path::new("assets/euler-1759-8x8.json")).is_none());
        assert!(list().starts_with("euler "), "{}", list());
    }
}
