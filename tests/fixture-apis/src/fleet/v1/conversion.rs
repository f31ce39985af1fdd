//! v1 `NodePool` to and from v2, the hub. Compiled in the generated crate
//! only (see `mod.rs`): `MachineType::from` and `NodePoolStatus::from` are
//! the conversions kube-codegen writes there.

use super::{NodePool, NodePoolSpec};
use crate::fleet::v2;

impl From<NodePool> for v2::NodePool {
    fn from(old: NodePool) -> Self {
        v2::NodePool {
            metadata: old.metadata,
            spec: old.spec.into(),
            status: old.status.map(v2::NodePoolStatus::from),
        }
    }
}

impl From<v2::NodePool> for NodePool {
    fn from(hub: v2::NodePool) -> Self {
        NodePool {
            metadata: hub.metadata,
            spec: hub.spec.into(),
            status: hub.status.map(super::NodePoolStatus::from),
        }
    }
}

impl From<NodePoolSpec> for v2::NodePoolSpec {
    fn from(old: NodePoolSpec) -> Self {
        v2::NodePoolSpec {
            // v1 nodes have no names; v2 numbers them.
            nodes: (0..old.node_count.max(0))
                .map(|i| v2::Node {
                    name: format!("node-{i}"),
                    labels: Default::default(),
                })
                .collect(),
            machine: old.machine.into(),
            zones: old.zone.into_iter().collect(),
            update_strategy: old.update_strategy.into(),
            autoscaling: None,
            image: old.image.map(v2::ImageSource::from),
        }
    }
}

impl From<v2::NodePoolSpec> for NodePoolSpec {
    fn from(hub: v2::NodePoolSpec) -> Self {
        NodePoolSpec {
            node_count: i32::try_from(hub.nodes.len()).unwrap_or(i32::MAX),
            machine: hub.machine.into(),
            zone: hub.zones.into_iter().next(),
            update_strategy: hub.update_strategy.into(),
            image: hub.image.map(super::ImageSource::from),
        }
    }
}
