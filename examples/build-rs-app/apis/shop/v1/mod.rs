//! Version v1 of the `shop.example.com` API: orders placed with a shop.
//!
//! +groupName=shop.example.com

mod order;

pub use order::*;
