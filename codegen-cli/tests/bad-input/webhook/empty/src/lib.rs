//! A crate without webhook markers.

pub fn serve() {}
