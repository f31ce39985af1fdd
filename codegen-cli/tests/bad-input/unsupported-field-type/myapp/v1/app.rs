use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Shapes {
    pub pair: (i32, i32),
    pub name: &'static str,
    pub any: Box<dyn std::any::Any>,
    pub callback: fn(i32) -> i32,
    pub fixed: [u8; LEN],
    pub set: std::collections::BTreeSet<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Wrapper<T> {
    pub inner: T,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Pair(pub i32, pub i32);
