//! The examples under `engine/examples/` run here, so each stays true: each
//! asserts what it finds (a tour checked, 304 tours from the corner of 5x5,
//! theory's argument, a unique puzzle) and panics otherwise.

mod solve {
    include!("../examples/solve.rs");
    pub fn run() {
        main()
    }
}
mod count {
    include!("../examples/count.rs");
    pub fn run() {
        main()
    }
}
mod no_tour {
    include!("../examples/no_tour.rs");
    pub fn run() {
        main()
    }
}
mod puzzle {
    include!("../examples/puzzle.rs");
    pub fn run() {
        main()
    }
}

#[test]
fn solve_finds_and_checks_a_tour() {
    solve::run();
}

#[test]
fn count_counts_304_tours_from_the_corner_of_5x5() {
    count::run();
}

#[test]
fn no_tour_prints_theory_arguments() {
    no_tour::run();
}

#[test]
fn puzzle_makes_a_unique_puzzle() {
    puzzle::run();
}
