//! The registry of converted kinds: for each, its hub version and the spokes
//! that convert to and from it, and the conversion of one object between any
//! two of its versions (through the hub, keeping what a version lacks in an
//! annotation, see [`lossless`](crate::lossless)).

use std::collections::BTreeMap;
use std::fmt;

use k8s_openapi::Resource;
use serde::Serialize;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::error::{BoxError, ConversionError};
use crate::lossless;

/// A typed conversion step on JSON objects.
type Step = Box<dyn Fn(Value) -> Result<Value, ConversionError> + Send + Sync>;

/// Every converted kind of an API, usually built by the generated crate's
/// `conversion::conversions()`.
///
/// ```
/// # use kube_codegen_conversion::Conversions;
/// # mod v1 { pub use k8s_openapi::api::core::v1::ConfigMap; }
/// let mut conversions = Conversions::new();
/// // ConfigMap is its own hub here; a real kind adds `.spoke::<v1beta1::Kind>()`.
/// conversions.kind::<v1::ConfigMap>();
/// assert_eq!(conversions.kinds().count(), 1);
/// ```
#[derive(Default)]
pub struct Conversions {
    /// By `(group, kind)`.
    kinds: BTreeMap<(String, String), KindEntry>,
}

impl fmt::Debug for Conversions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list()
            .entries(self.kinds().map(|k| (k.group, k.kind, k.versions)))
            .finish()
    }
}

/// A converted kind, as [`Conversions::kinds`] lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KindInfo<'a> {
    /// The API group.
    pub group: &'a str,
    /// The kind.
    pub kind: &'a str,
    /// The hub's `apiVersion`.
    pub hub: &'a str,
    /// Every `apiVersion`, the hub first.
    pub versions: Vec<&'a str>,
}

struct KindEntry {
    hub: Version,
    /// By `apiVersion`.
    spokes: BTreeMap<String, Spoke>,
}

/// What is known of one version.
struct Version {
    api_version: String,
    /// `v1` of `group/v1`: the name in annotations.
    name: String,
    /// Decode and encode again: what the version's Rust type makes of an object.
    normalize: Step,
}

struct Spoke {
    version: Version,
    /// Spoke → hub.
    up: Step,
    /// Hub → spoke.
    down: Step,
}

/// The builder [`Conversions::kind`] returns: adds the spokes of one hub.
pub struct KindConversions<'c, H> {
    entry: &'c mut KindEntry,
    hub: std::marker::PhantomData<fn() -> H>,
}

fn decode<T: DeserializeOwned + Resource>(object: Value) -> Result<T, ConversionError> {
    serde_json::from_value(object).map_err(|source| ConversionError::Decode {
        api_version: T::API_VERSION.to_owned(),
        kind: T::KIND.to_owned(),
        source,
    })
}

fn encode<T: Serialize + Resource>(object: &T) -> Result<Value, ConversionError> {
    serde_json::to_value(object).map_err(|source| ConversionError::Encode {
        api_version: T::API_VERSION.to_owned(),
        kind: T::KIND.to_owned(),
        source,
    })
}

fn version_of<T: Resource + Serialize + DeserializeOwned>() -> Version {
    Version {
        api_version: T::API_VERSION.to_owned(),
        name: T::VERSION.to_owned(),
        normalize: Box::new(|object| encode(&decode::<T>(object)?)),
    }
}

/// A typed `From` = `To::try_from(From)` step.
fn step<F, T>() -> Step
where
    F: Resource + DeserializeOwned,
    T: Resource + Serialize + TryFrom<F>,
    <T as TryFrom<F>>::Error: Into<BoxError>,
{
    Box::new(|object| {
        let from: F = decode(object)?;
        let to = T::try_from(from).map_err(|e| ConversionError::Convert {
            kind: T::KIND.to_owned(),
            from: F::API_VERSION.to_owned(),
            to: T::API_VERSION.to_owned(),
            source: e.into(),
        })?;
        encode(&to)
    })
}

impl Conversions {
    /// No kinds.
    pub fn new() -> Self {
        Conversions::default()
    }

    /// Registers kind `H` with `H`'s version as its hub (replacing an earlier
    /// registration of the kind); add its other versions with
    /// [`KindConversions::spoke`].
    pub fn kind<H>(&mut self) -> KindConversions<'_, H>
    where
        H: Resource + Serialize + DeserializeOwned + 'static,
    {
        let entry = KindEntry {
            hub: version_of::<H>(),
            spokes: BTreeMap::new(),
        };
        let key = (H::GROUP.to_owned(), H::KIND.to_owned());
        self.kinds.insert(key.clone(), entry);
        KindConversions {
            entry: self.kinds.get_mut(&key).expect("just inserted"),
            hub: std::marker::PhantomData,
        }
    }

    /// The registered kinds, by group and kind.
    pub fn kinds(&self) -> impl Iterator<Item = KindInfo<'_>> {
        self.kinds.iter().map(|((group, kind), entry)| KindInfo {
            group,
            kind,
            hub: &entry.hub.api_version,
            versions: std::iter::once(entry.hub.api_version.as_str())
                .chain(entry.spokes.keys().map(String::as_str))
                .collect(),
        })
    }

    /// `object` (any registered version of a registered kind) in
    /// `desired_api_version`: through the hub, with the data a version cannot
    /// hold kept in a `conversion.kube-codegen.k8s.io/<version>` annotation,
    /// so that converting back gives the original again.
    pub fn convert(
        &self,
        object: Value,
        desired_api_version: &str,
    ) -> Result<Value, ConversionError> {
        let api_version = object
            .get("apiVersion")
            .and_then(Value::as_str)
            .ok_or(ConversionError::NoTypeMeta("apiVersion"))?
            .to_owned();
        let kind = object
            .get("kind")
            .and_then(Value::as_str)
            .ok_or(ConversionError::NoTypeMeta("kind"))?
            .to_owned();
        let group = api_version
            .rsplit_once('/')
            .map_or("", |(group, _)| group)
            .to_owned();
        let entry =
            self.kinds
                .get(&(group, kind.clone()))
                .ok_or_else(|| ConversionError::UnknownKind {
                    api_version: api_version.clone(),
                    kind: kind.clone(),
                })?;
        for wanted in [&api_version, &desired_api_version.to_owned()] {
            if entry.version(wanted).is_none() {
                return Err(ConversionError::UnknownVersion {
                    kind,
                    api_version: wanted.clone(),
                });
            }
        }
        if api_version == desired_api_version {
            return Ok(object);
        }
        let hub = entry.to_hub(object, &api_version)?;
        entry.to_spoke(hub, desired_api_version)
    }
}

impl KindEntry {
    fn version(&self, api_version: &str) -> Option<&Version> {
        if self.hub.api_version == api_version {
            Some(&self.hub)
        } else {
            self.spokes.get(api_version).map(|s| &s.version)
        }
    }

    /// A spoke object as the hub: converted up, the hub's fields it kept in
    /// its annotation put back, and what the hub cannot hold of it recorded
    /// in the hub's annotation for the spoke.
    fn to_hub(&self, mut object: Value, api_version: &str) -> Result<Value, ConversionError> {
        let Some(spoke) = self.spokes.get(api_version) else {
            return Ok(object);
        };
        let hub_data = lossless::take(&mut object, &lossless::annotation(&self.hub.name));
        let spoke_key = lossless::annotation(&spoke.version.name);
        lossless::take(&mut object, &spoke_key);
        let original = (spoke.version.normalize)(object)?;
        let mut hub = (spoke.up)(original.clone())?;
        lossless::restore(&hub_data, &mut hub);
        let back = (spoke.down)(hub.clone())?;
        lossless::put(&mut hub, &spoke_key, &lossless::diff(&original, &back));
        Ok(hub)
    }

    /// The hub object as a spoke, the mirror image of [`KindEntry::to_hub`].
    fn to_spoke(&self, mut hub: Value, api_version: &str) -> Result<Value, ConversionError> {
        let Some(spoke) = self.spokes.get(api_version) else {
            return Ok(hub);
        };
        let spoke_data = lossless::take(&mut hub, &lossless::annotation(&spoke.version.name));
        let hub_key = lossless::annotation(&self.hub.name);
        lossless::take(&mut hub, &hub_key);
        let original = (self.hub.normalize)(hub)?;
        let mut object = (spoke.down)(original.clone())?;
        lossless::restore(&spoke_data, &mut object);
        let back = (spoke.up)(object.clone())?;
        lossless::put(&mut object, &hub_key, &lossless::diff(&original, &back));
        Ok(object)
    }
}

impl<H> KindConversions<'_, H>
where
    H: Resource + Serialize + DeserializeOwned + 'static,
{
    /// Adds version `S` of the kind, converted to the hub with
    /// `H::try_from(S)` and back with `S::try_from(H)` (a `From` impl
    /// provides `TryFrom`).
    pub fn spoke<S>(self) -> Self
    where
        S: Resource + Serialize + DeserializeOwned + 'static,
        H: TryFrom<S>,
        S: TryFrom<H>,
        <H as TryFrom<S>>::Error: Into<BoxError>,
        <S as TryFrom<H>>::Error: Into<BoxError>,
    {
        self.entry.spokes.insert(
            S::API_VERSION.to_owned(),
            Spoke {
                version: version_of::<S>(),
                up: step::<S, H>(),
                down: step::<H, S>(),
            },
        );
        self
    }
}
