//! The real app in a real terminal (tmux): keys, signals, sizes, and the terminal restored after.

mod app_hostile;
mod app_tty;
mod puzzle;
mod tutorial;
