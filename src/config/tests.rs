use super::*;

fn with_file(text: &str) -> Result<Config, String> {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("c.toml");
    std::fs::write(&p, text).unwrap();
    Config::load(Some(&p))
}

#[test]
fn defaults_load() {
    let c: Config = toml::from_str(DEFAULT).unwrap();
    assert_eq!((c.board.rows, c.board.cols), (Some(8), Some(8)));
    assert_eq!(c.search.algorithm, Some(Algorithm::Auto));
}

#[test]
fn the_built_in_config_sets_every_key_of_the_layers() {
    let built_in: toml::Table = toml::from_str(DEFAULT).unwrap();
    // serde names every key of a section when one is unknown.
    let keys_of = |e: toml::de::Error| -> Vec<String> {
        let list = e.message().split("expected one of ").nth(1).unwrap();
        list.split(", ")
            .map(|k| k.trim_matches('`').to_string())
            .collect()
    };
    let unknown = || toml::Table::from_iter([("x".to_string(), toml::Value::Integer(0))]);
    let board = toml::Value::Table(unknown()).try_into::<BoardLayer>();
    let search = toml::Value::Table(unknown()).try_into::<SearchLayer>();
    for (section, e) in [
        ("board", board.unwrap_err()),
        ("search", search.unwrap_err()),
    ] {
        let mut keys = keys_of(e);
        keys.sort();
        let set: Vec<&String> = built_in[section].as_table().unwrap().keys().collect();
        assert_eq!(set, keys.iter().collect::<Vec<_>>(), "{section}");
    }
}

#[test]
fn a_setting_is_written_as_it_reads() {
    for (text, leaper) in [("knight", Leaper::KNIGHT), ("2,5", "2,5".parse().unwrap())] {
        assert_eq!(leaper.text(), text);
        assert_eq!(Leaper::from_text(text), Ok(leaper));
    }
    assert_eq!(MoveOrder::from_text(""), Ok(MoveOrder::default()));
    for order in MoveOrder::NAMED.map(|(_, o)| o) {
        assert_eq!(MoveOrder::from_text(&order.text()), Ok(order));
    }
    let odd: MoveOrder = "2,1;-2,-1;-2,1;-1,-2;-1,2;1,-2;1,2;2,-1".parse().unwrap();
    assert_eq!(MoveOrder::from_text(&odd.text()), Ok(odd));
}

#[test]
fn the_drawing_and_labels_are_configured() {
    let c: Config = toml::from_str(DEFAULT).unwrap();
    assert_eq!((c.app.drawing, c.app.labels), (Drawing::Auto, false));
    let c = with_file("[app]\ndrawing = \"lines\"\nlabels = true\n").unwrap();
    assert_eq!((c.app.drawing, c.app.labels), (Drawing::Lines, true));
    let c = with_file("[theme]\nbackground = \"light\"\n").unwrap();
    assert_eq!(c.theme.background, Some(true));
    let e = with_file("[theme]\nbackground = \"beige\"\n").unwrap_err();
    assert!(
        e.contains("theme.background: 'beige' is not a background"),
        "{e}"
    );
    assert_eq!(c.theme.colours, None);
    for (text, want) in [
        ("\"16\"", Depth::Ansi16),
        ("256", Depth::Ansi256),
        ("\"24bit\"", Depth::True),
        ("\"truecolor\"", Depth::True),
    ] {
        let c = with_file(&format!("[theme]\ncolours = {text}\n")).unwrap();
        assert_eq!(c.theme.colours, Some(want), "{text}");
    }
    let e = with_file("[theme]\ncolours = \"88\"\n").unwrap_err();
    assert!(
        e.contains("theme.colours: '88' is not a number of colours"),
        "{e}"
    );
    let e = with_file("[app]\ndrawing = \"crayon\"\n").unwrap_err();
    assert!(
        e.contains("app.drawing: 'crayon' is not a way to draw the path"),
        "{e}"
    );
}

#[test]
fn user_file_overrides_key_by_key() {
    let c = with_file("[board]\nrows = 5\n[search]\ntie_break = \"lookahead\"\n").unwrap();
    assert_eq!((c.board.rows, c.board.cols), (Some(5), Some(8)));
    assert_eq!(c.search.tie_break, Some(TieBreak::Lookahead));
    assert_eq!(c.board.start.as_deref(), Some("0,0"));
}

#[test]
fn errors_name_file_and_key() {
    let e = with_file("[board]\nrowz = 5\n").unwrap_err();
    assert!(
        e.contains("c.toml") && e.contains("board: unknown field `rowz`"),
        "{e}"
    );
    let e = with_file("[board]\nrows = \"x\"\n").unwrap_err();
    assert!(e.contains("board.rows: invalid type"), "{e}");
    let e = with_file("[search]\nalgorithm = \"magic\"\n").unwrap_err();
    assert!(
        e.contains("search.algorithm: unknown algorithm 'magic'"),
        "{e}"
    );
    let e = with_file("[board\n").unwrap_err();
    assert!(e.contains("line 1, column"), "{e}");
    let e = with_file("[app]\nspeed = 7\n").unwrap_err();
    assert!(e.contains("app.speed: 7 is not a speed"), "{e}");
    let e = with_file("[theme]\ncurrent = \"chartreuse-ish\"\n").unwrap_err();
    assert!(
        e.contains("theme.current: 'chartreuse-ish' is not a colour"),
        "{e}"
    );
    let e = with_file("[app]\nsymbols = \"emoji\"\n").unwrap_err();
    assert!(e.contains("app.symbols"), "{e}");
    let c = with_file("[app]\nspeed = 25\nsymbols = \"ascii\"\n[theme]\naccent = \"#ff8800\"\n")
        .unwrap();
    assert_eq!(SPEEDS[c.app.speed], Some(25.0));
    assert!(c.app.ascii);
    assert_eq!(c.theme.accent, Color::Rgb(0xff, 0x88, 0));
    let e = with_file("[search]\ntime_limit = -1.0\n").unwrap_err();
    assert!(e.contains("search.time_limit"), "{e}");
    // Huge limits are refused in one line, never a panic later.
    for t in ["1e19", "1e300", "1.0e10"] {
        let e = with_file(&format!("[search]\ntime_limit = {t}\n")).unwrap_err();
        assert!(
            e.contains("search.time_limit") && e.contains("at most 1e9"),
            "{e}"
        );
    }
    assert!(with_file("[search]\ntime_limit = 0.0\n").is_ok());
    let e = with_file("[search]\ntime_limit = -0.0\n").unwrap_err();
    assert!(
        e.contains("search.time_limit") && e.contains("above 0"),
        "{e}"
    );
    // A number past what TOML holds names its key.
    let e = with_file("[search]\nnode_limit = 18446744073709551615\n").unwrap_err();
    assert!(
        e.contains("line 2, column 14: search.node_limit: ") && e.contains("too large"),
        "{e}"
    );
    // A word that is not "full" is not full speed.
    let e = with_file("[app]\nspeed = \"fast\"\n").unwrap_err();
    assert!(
        e.contains("app.speed") && e.contains("is not a speed"),
        "{e}"
    );
    // The key is found from the error's span, at any depth.
    for (text, said) in [
        ("[extra]\ny = 1\n", ": unknown field `extra`"),
        ("[board.x]\ny = 1\n", ": board: unknown field `x`"),
        (
            "[board]\nrows = [1]\n",
            ": board.rows: invalid type: sequence",
        ),
        (
            "[theme]\ncolours = true\n",
            ": theme.colours: 'true' is not",
        ),
    ] {
        let e = with_file(text).unwrap_err();
        assert!(e.contains(&format!("c.toml{said}")), "{text}: {e}");
    }
    for e in [
        with_file("[board]\nrowz = 5\n").unwrap_err(),
        Config::load(Some(Path::new("/no/such/file.toml"))).unwrap_err(),
    ] {
        assert!(!e.contains('\n'), "one line: {e}");
    }
}
