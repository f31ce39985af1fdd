use std::collections::{BTreeMap, HashMap};

use serde::{Deserialize, Serialize};

/// Keys serde writes as strings are fine; these are not.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Keys {
    pub zones: BTreeMap<Zone, i32>,
    pub nodes: BTreeMap<NodeName, String>,
    pub ports: HashMap<u16, String>,
    pub points: BTreeMap<Point, i32>,
    pub maybe: BTreeMap<Option<String>, i32>,
    pub lists: HashMap<Vec<String>, i32>,
    pub shapes: BTreeMap<Shape, i32>,
    pub wrapped: BTreeMap<Wrapped, i32>,
    pub nested: Option<Vec<BTreeMap<String, BTreeMap<Point, String>>>>,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Zone {
    North,
    South,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct NodeName(pub String);

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Point {
    pub x: i32,
    pub y: i32,
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(tag = "kind")]
pub enum Shape {
    Circle { radius: i32 },
    Square { side: i32 },
}

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Wrapped(pub Point);
