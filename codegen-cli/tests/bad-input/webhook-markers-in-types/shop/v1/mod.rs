//! +groupName=shop.example.com

mod order;
pub use order::*;
