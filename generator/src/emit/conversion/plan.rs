//! Which conversions a converted kind needs, and who writes each.
//!
//! Hub and spoke, as kubebuilder's Hub/Convertible: the storage version is the
//! hub, and every other version (spoke) converts to and from it. Starting at
//! the kind, the types of a spoke and the hub are paired field by field (by
//! JSON name), as conversion-gen pairs Go types: a pair the user converted
//! (`impl From<A> for B` or `TryFrom` in the API crate) is theirs; a pair whose
//! fields agree is generated, converting each field (and the pairs inside it);
//! any other pair is an error that says which fields differ and what to write.

use std::collections::{BTreeMap, BTreeSet};

use crate::diag::Diagnostic;
use crate::model::{
    Api, ConversionImpl, EnumDef, Field, FieldType, Group, StructDef, TypeBody, TypeDef, TypeRef,
    Variant, VariantData, Version,
};

/// A converted kind: its group, hub and spokes.
pub(super) struct KindPlan<'a> {
    pub group: &'a Group,
    pub kind: &'a str,
    pub hub: &'a Version,
    pub spokes: Vec<&'a Version>,
}

/// How one value becomes another.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Convert {
    /// The same type: moved as it is.
    Move,
    /// A pair of API types, converted by its `From`/`TryFrom`.
    Pair(TypeRef, TypeRef),
    Option(Box<Convert>),
    Vec(Box<Convert>),
    Map(Box<Convert>),
    Boxed(Box<Convert>),
    Array(Box<Convert>),
}

/// How the generator writes one pair.
#[derive(Clone, Debug)]
pub(super) enum Body {
    /// Field by field: `(target field, how)` in the target's field order.
    Struct(Vec<(String, FieldSource)>),
    /// Variant by variant: `(source variant, target variant, what it carries)`.
    Enum(Vec<(String, String, VariantBody)>),
    /// `Target(convert(source.0))`.
    Newtype(Convert),
}

/// How a variant's data is converted.
#[derive(Clone, Debug)]
pub(super) enum VariantBody {
    Unit,
    /// `Target(convert(source.0))`.
    Newtype(Convert),
    /// Field by field, as a struct.
    Struct(Vec<(String, FieldSource)>),
}

/// Where a generated struct field's value comes from.
#[derive(Clone, Debug)]
pub(super) enum FieldSource {
    /// The source's field of that name, converted.
    Field(String, Convert),
    /// `Default::default()` (a `#[serde(skip)]` field the source lacks).
    Default,
}

/// A pair the generator writes.
#[derive(Clone, Debug)]
pub(super) struct Generated {
    pub body: Body,
    /// Some conversion inside is a `TryFrom`: this one is one too.
    pub fallible: bool,
}

/// Every conversion of the API's converted kinds.
pub(super) struct Plan<'a> {
    pub kinds: Vec<KindPlan<'a>>,
    /// Pairs to generate, by `(from, to)`.
    pub generated: BTreeMap<(TypeRef, TypeRef), Generated>,
    /// Pairs the user converts with `TryFrom`.
    pub user_fallible: BTreeSet<(TypeRef, TypeRef)>,
    pub errors: Vec<Diagnostic>,
}

impl Plan<'_> {
    /// Whether `from` → `to` is a `TryFrom` (the user's, or a generated one).
    pub fn is_fallible(&self, from: &TypeRef, to: &TypeRef) -> bool {
        let key = (from.clone(), to.clone());
        self.user_fallible.contains(&key) || self.generated.get(&key).is_some_and(|g| g.fallible)
    }
}

/// What is known of a pair while planning.
enum State {
    User { fallible: bool },
    Generated(Generated),
    Missing(Vec<String>),
}

struct Planner<'a> {
    api: &'a Api,
    user: BTreeMap<(TypeRef, TypeRef), &'a ConversionImpl>,
    pairs: BTreeMap<(TypeRef, TypeRef), State>,
    /// Pairs being planned (a recursive type meets itself).
    visiting: BTreeSet<(TypeRef, TypeRef)>,
}

/// Plans every kind with a declared conversion.
pub(super) fn plan(api: &Api) -> Plan<'_> {
    let user = api
        .groups
        .iter()
        .flat_map(|g| &g.versions)
        .flat_map(|v| &v.files)
        .flat_map(|f| &f.conversions)
        .map(|c| ((c.from.clone(), c.to.clone()), c))
        .collect();
    let mut planner = Planner {
        api,
        user,
        pairs: BTreeMap::new(),
        visiting: BTreeSet::new(),
    };
    let kinds = converted_kinds(api);
    let mut roots = Vec::new();
    for k in &kinds {
        let hub = type_ref(k.group, k.hub, k.kind);
        for spoke in &k.spokes {
            let spoke_ref = type_ref(k.group, spoke, k.kind);
            roots.push((spoke_ref.clone(), hub.clone()));
            roots.push((hub.clone(), spoke_ref));
            // As conversion-gen does, every type of the same name in both
            // versions gets its conversions where the fields agree: the
            // user's own conversions may use them.
            for ty in spoke.types() {
                if k.hub.find_type(&ty.name).is_some() {
                    let (a, b) = (
                        type_ref(k.group, spoke, &ty.name),
                        type_ref(k.group, k.hub, &ty.name),
                    );
                    planner.need(&a, &b);
                    planner.need(&b, &a);
                }
            }
        }
    }
    for (a, b) in &roots {
        planner.need(a, b);
    }
    planner.finish(kinds, &roots)
}

fn type_ref(group: &Group, version: &Version, name: &str) -> TypeRef {
    TypeRef {
        group_module: group.module.clone(),
        version_module: version.module.clone(),
        name: name.to_owned(),
    }
}

/// Kinds with `+kubebuilder:conversion:strategy=Webhook` on any version and
/// exactly one storage version (the CRD emitter reports the others), over the
/// versions their CRD has.
fn converted_kinds(api: &Api) -> Vec<KindPlan<'_>> {
    let mut out = Vec::new();
    for group in api.groups.iter().filter(|g| !g.name.is_empty()) {
        let mut versions_of: BTreeMap<&str, Vec<(&Version, &TypeDef)>> = BTreeMap::new();
        for version in group.versions.iter().filter(|v| !v.skip_crds) {
            for ty in version.types() {
                if ty.kind.as_ref().is_some_and(|k| !k.skip_version) {
                    versions_of.entry(&ty.name).or_default().push((version, ty));
                }
            }
        }
        for (kind, versions) in versions_of {
            let kinds = || {
                versions
                    .iter()
                    .filter_map(|(v, t)| Some((*v, t.kind.as_ref()?)))
            };
            if !kinds().any(|(_, k)| k.conversion.is_some()) {
                continue;
            }
            let storage: Vec<&Version> = kinds()
                .filter(|(_, k)| k.storage_version)
                .map(|(v, _)| v)
                .collect();
            let [hub] = storage[..] else { continue };
            out.push(KindPlan {
                group,
                kind,
                hub,
                // The API server never converts to or from a version it does
                // not serve (`+kubebuilder:unservedversion`).
                spokes: kinds()
                    .filter(|(v, k)| !std::ptr::eq(*v, hub) && k.served)
                    .map(|(v, _)| v)
                    .collect(),
            });
        }
    }
    out
}

impl<'a> Planner<'a> {
    fn find(&self, r: &TypeRef) -> Option<&'a TypeDef> {
        let group = self
            .api
            .groups
            .iter()
            .find(|g| g.module == r.group_module)?;
        let version = group
            .versions
            .iter()
            .find(|v| v.module == r.version_module)?;
        version.find_type(&r.name)
    }

    /// Plans the conversion `from` → `to` (and what it needs).
    fn need(&mut self, from: &TypeRef, to: &TypeRef) {
        let key = (from.clone(), to.clone());
        if self.pairs.contains_key(&key) || self.visiting.contains(&key) {
            return;
        }
        if let Some(user) = self.user.get(&key) {
            let fallible = user.fallible;
            self.pairs.insert(key, State::User { fallible });
            return;
        }
        self.visiting.insert(key.clone());
        let state = match (self.find(from), self.find(to)) {
            (Some(a), Some(b)) => match self.body(from, to, a, b) {
                Ok(body) => State::Generated(Generated {
                    body,
                    fallible: false,
                }),
                Err(why) => State::Missing(why),
            },
            _ => State::Missing(vec!["one of them is not a type of its version".to_owned()]),
        };
        self.visiting.remove(&key);
        self.pairs.insert(key, state);
    }

    fn body(
        &mut self,
        from: &TypeRef,
        to: &TypeRef,
        a: &TypeDef,
        b: &TypeDef,
    ) -> Result<Body, Vec<String>> {
        match (&a.body, &b.body) {
            (TypeBody::Struct(sa), TypeBody::Struct(sb)) => self.structs(from, to, sa, sb),
            (TypeBody::Enum(ea), TypeBody::Enum(eb)) => self.enums(from, to, ea, eb),
            (TypeBody::Newtype(na), TypeBody::Newtype(nb)) => self
                .convert(from, to, &na.inner, &nb.inner)
                .map(Body::Newtype)
                .ok_or_else(|| vec!["the types they wrap differ".to_owned()]),
            _ => Err(vec![format!(
                "`{}` is {} and `{}` is {}",
                from.name,
                shape(&a.body),
                to.name,
                shape(&b.body)
            )]),
        }
    }

    fn structs(
        &mut self,
        from: &TypeRef,
        to: &TypeRef,
        a: &StructDef,
        b: &StructDef,
    ) -> Result<Body, Vec<String>> {
        self.fields(from, to, &a.fields, &b.fields)
            .map(Body::Struct)
    }

    /// The target's fields from the source's, paired by JSON name (by Rust
    /// name for `#[serde(skip)]` and flattened fields).
    fn fields(
        &mut self,
        from: &TypeRef,
        to: &TypeRef,
        a: &[Field],
        b: &[Field],
    ) -> Result<Vec<(String, FieldSource)>, Vec<String>> {
        let (va, vb) = (&from.version_module, &to.version_module);
        let wire = |f: &&Field| !f.skip;
        let mut why = Vec::new();
        let mut fields = Vec::new();
        let mut used = BTreeSet::new();
        for fb in b {
            let source = if fb.skip {
                a.iter()
                    .find(|fa| fa.skip && fa.name == fb.name && fa.ty == fb.ty)
                    .map_or(FieldSource::Default, |fa| {
                        FieldSource::Field(fa.name.clone(), Convert::Move)
                    })
            } else {
                let fa = a.iter().filter(wire).find(|fa| {
                    fa.flatten == fb.flatten
                        && if fb.flatten {
                            fa.name == fb.name
                        } else {
                            fa.json_name == fb.json_name
                        }
                });
                let Some(fa) = fa else {
                    why.push(format!("{vb} has `{}`, {va} does not", describe(fb)));
                    continue;
                };
                used.insert(fa.name.clone());
                match self.convert(from, to, &fa.ty, &fb.ty) {
                    Some(c) => FieldSource::Field(fa.name.clone(), c),
                    None => {
                        why.push(format!(
                            "`{}` is `{}` in {va} and `{}` in {vb}",
                            describe(fb),
                            fa.ty_source,
                            fb.ty_source
                        ));
                        continue;
                    }
                }
            };
            fields.push((fb.name.clone(), source));
        }
        for fa in a.iter().filter(wire).filter(|f| !used.contains(&f.name)) {
            why.push(format!("{va} has `{}`, {vb} does not", describe(fa)));
        }
        if why.is_empty() { Ok(fields) } else { Err(why) }
    }

    /// Variant by variant, paired by the name on the wire (by Rust name for
    /// `#[serde(skip)]` variants); the data of each pair converted like a
    /// struct's fields or a newtype's value.
    fn enums(
        &mut self,
        from: &TypeRef,
        to: &TypeRef,
        a: &EnumDef,
        b: &EnumDef,
    ) -> Result<Body, Vec<String>> {
        let (va, vb) = (&from.version_module, &to.version_module);
        let mut why = Vec::new();
        if a.tagging != b.tagging {
            why.push(format!("the enums are tagged differently in {va} and {vb}"));
        }
        let same = |x: &Variant, y: &Variant| {
            x.skip == y.skip
                && if x.skip {
                    x.name == y.name
                } else {
                    x.json_name == y.json_name
                }
        };
        let mut arms = Vec::new();
        for x in &a.variants {
            let Some(y) = b.variants.iter().find(|y| same(x, y)) else {
                why.push(format!(
                    "{va} has the value `{}`, {vb} does not",
                    x.json_name
                ));
                continue;
            };
            let data = match (&x.data, &y.data) {
                (VariantData::Unit, VariantData::Unit) => Ok(VariantBody::Unit),
                (VariantData::Newtype(fx), VariantData::Newtype(fy)) => self
                    .convert(from, to, &fx.ty, &fy.ty)
                    .map(VariantBody::Newtype)
                    .ok_or_else(|| {
                        vec![format!(
                            "`{}` carries `{}` in {va} and `{}` in {vb}",
                            x.json_name, fx.ty_source, fy.ty_source
                        )]
                    }),
                (VariantData::Struct(fx), VariantData::Struct(fy)) => self
                    .fields(from, to, fx, fy)
                    .map(VariantBody::Struct)
                    .map_err(|inner| {
                        inner
                            .into_iter()
                            .map(|w| format!("in variant `{}`: {w}", x.json_name))
                            .collect()
                    }),
                _ => Err(vec![format!(
                    "`{}` carries different kinds of data in {va} and {vb}",
                    x.json_name
                )]),
            };
            match data {
                Ok(data) => arms.push((x.name.clone(), y.name.clone(), data)),
                Err(w) => why.extend(w),
            }
        }
        for y in b
            .variants
            .iter()
            .filter(|y| !a.variants.iter().any(|x| same(x, y)))
        {
            why.push(format!(
                "{vb} has the value `{}`, {va} does not",
                y.json_name
            ));
        }
        // A value only the target has needs no arm, but the user should decide
        // whether the source could ever mean it: both directions are reported.
        if why.is_empty() {
            Ok(Body::Enum(arms))
        } else {
            Err(why)
        }
    }

    /// How a value of `ta` (in `from`'s version) becomes one of `tb`.
    fn convert(
        &mut self,
        from: &TypeRef,
        to: &TypeRef,
        ta: &FieldType,
        tb: &FieldType,
    ) -> Option<Convert> {
        let inner = |this: &mut Self, x: &FieldType, y: &FieldType| {
            this.convert(from, to, x, y).map(Box::new)
        };
        let c = match (ta, tb) {
            (FieldType::Local(a), FieldType::Local(b)) => {
                let pair = (
                    TypeRef {
                        name: a.clone(),
                        ..from.clone()
                    },
                    TypeRef {
                        name: b.clone(),
                        ..to.clone()
                    },
                );
                self.need(&pair.0, &pair.1);
                Convert::Pair(pair.0, pair.1)
            }
            (FieldType::Option(x), FieldType::Option(y)) => Convert::Option(inner(self, x, y)?),
            (FieldType::Vec(x), FieldType::Vec(y)) => Convert::Vec(inner(self, x, y)?),
            (FieldType::Boxed(x), FieldType::Boxed(y)) => Convert::Boxed(inner(self, x, y)?),
            // Keys move as they are: the same type, of neither version.
            (
                FieldType::Map {
                    ordered: oa,
                    key: ka,
                    value: x,
                },
                FieldType::Map {
                    ordered: ob,
                    key: kb,
                    value: y,
                },
            ) if oa == ob && ka == kb && !has_local(ka) => Convert::Map(inner(self, x, y)?),
            (FieldType::Array { item: x, len: la }, FieldType::Array { item: y, len: lb })
                if la == lb =>
            {
                Convert::Array(inner(self, x, y)?)
            }
            _ if ta == tb && !has_local(ta) => Convert::Move,
            _ => return None,
        };
        Some(simplify(c))
    }

    /// Fallibility (a fixpoint: pairs may contain each other), then the plan.
    fn finish(mut self, kinds: Vec<KindPlan<'a>>, roots: &[(TypeRef, TypeRef)]) -> Plan<'a> {
        loop {
            let fallible: BTreeSet<(TypeRef, TypeRef)> = self
                .pairs
                .iter()
                .filter(|(_, s)| match s {
                    State::User { fallible } => *fallible,
                    State::Generated(g) => g.fallible,
                    State::Missing(_) => false,
                })
                .map(|(k, _)| k.clone())
                .collect();
            let mut changed = false;
            for state in self.pairs.values_mut() {
                if let State::Generated(g) = state
                    && !g.fallible
                    && pairs_of(&g.body).iter().any(|p| fallible.contains(p))
                {
                    g.fallible = true;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // What the kinds need: the roots and, through generated pairs, their
        // fields. A pair nobody converts is an error only there; elsewhere
        // it only keeps the generated pairs that would use it from being written.
        let mut required = BTreeSet::new();
        let mut queue: Vec<(TypeRef, TypeRef)> = roots.to_vec();
        while let Some(pair) = queue.pop() {
            if !required.insert(pair.clone()) {
                continue;
            }
            if let Some(State::Generated(g)) = self.pairs.get(&pair) {
                queue.extend(pairs_of(&g.body));
            }
        }
        loop {
            let unusable: Vec<(TypeRef, TypeRef)> =
                self.pairs
                    .iter()
                    .filter(|(key, state)| match state {
                        State::Generated(g) => {
                            pairs_of(&g.body).iter().any(|p| {
                                matches!(self.pairs.get(p), Some(State::Missing(_)) | None)
                            }) && !required.contains(*key)
                        }
                        _ => false,
                    })
                    .map(|(k, _)| k.clone())
                    .collect();
            if unusable.is_empty() {
                break;
            }
            for key in unusable {
                self.pairs.insert(key, State::Missing(Vec::new()));
            }
        }
        let mut generated = BTreeMap::new();
        let mut user_fallible = BTreeSet::new();
        let mut missing: BTreeMap<(TypeRef, TypeRef), Vec<String>> = BTreeMap::new();
        for (key, state) in self.pairs {
            match state {
                State::Generated(g) => {
                    generated.insert(key, g);
                }
                State::Missing(why) if required.contains(&key) => {
                    missing.insert(key, why);
                }
                State::Missing(_) => {}
                State::User { fallible: true } => {
                    user_fallible.insert(key);
                }
                State::User { fallible: false } => {}
            }
        }
        let hubs: BTreeSet<(String, String)> = kinds
            .iter()
            .map(|k| (k.group.module.clone(), k.hub.module.clone()))
            .collect();
        let errors = missing_errors(self.api, &missing, &hubs);
        Plan {
            kinds,
            generated,
            user_fallible,
            errors,
        }
    }
}

/// `Option<Vec<T>>` of moves is one move.
fn simplify(c: Convert) -> Convert {
    match c {
        Convert::Option(ref x)
        | Convert::Vec(ref x)
        | Convert::Map(ref x)
        | Convert::Boxed(ref x)
        | Convert::Array(ref x)
            if **x == Convert::Move =>
        {
            Convert::Move
        }
        other => other,
    }
}

fn has_local(ty: &FieldType) -> bool {
    match ty {
        FieldType::Local(_) => true,
        FieldType::Option(x) | FieldType::Vec(x) | FieldType::Boxed(x) => has_local(x),
        FieldType::Map { key, value, .. } => has_local(key) || has_local(value),
        FieldType::Array { item, .. } => has_local(item),
        _ => false,
    }
}

/// The pairs a body converts with.
pub(super) fn pairs_of(body: &Body) -> Vec<(TypeRef, TypeRef)> {
    fn walk(c: &Convert, out: &mut Vec<(TypeRef, TypeRef)>) {
        match c {
            Convert::Move => {}
            Convert::Pair(a, b) => out.push((a.clone(), b.clone())),
            Convert::Option(x)
            | Convert::Vec(x)
            | Convert::Map(x)
            | Convert::Boxed(x)
            | Convert::Array(x) => walk(x, out),
        }
    }
    fn fields(fields: &[(String, FieldSource)], out: &mut Vec<(TypeRef, TypeRef)>) {
        for (_, source) in fields {
            if let FieldSource::Field(_, c) = source {
                walk(c, out);
            }
        }
    }
    let mut out = Vec::new();
    match body {
        Body::Struct(f) => fields(f, &mut out),
        Body::Newtype(c) => walk(c, &mut out),
        Body::Enum(arms) => {
            for (_, _, data) in arms {
                match data {
                    VariantBody::Unit => {}
                    VariantBody::Newtype(c) => walk(c, &mut out),
                    VariantBody::Struct(f) => fields(f, &mut out),
                }
            }
        }
    }
    out
}

fn describe(f: &Field) -> String {
    if f.flatten {
        format!("#[serde(flatten)] {}", f.name)
    } else {
        f.json_name.clone()
    }
}

fn shape(body: &TypeBody) -> &'static str {
    match body {
        TypeBody::Struct(_) => "a struct",
        TypeBody::Enum(_) => "an enum",
        TypeBody::Newtype(_) => "a newtype",
    }
}

/// One error per pair of types nobody converts, at the spoke's type (where
/// kubebuilder users write conversions too), with the impls to write.
fn missing_errors(
    api: &Api,
    missing: &BTreeMap<(TypeRef, TypeRef), Vec<String>>,
    hubs: &BTreeSet<(String, String)>,
) -> Vec<Diagnostic> {
    let is_hub = |r: &TypeRef| hubs.contains(&(r.group_module.clone(), r.version_module.clone()));
    let mut errors = Vec::new();
    let mut done = BTreeSet::new();
    for ((a, b), why) in missing {
        let (spoke, other) = if is_hub(a) && !is_hub(b) {
            (b, a)
        } else {
            (a, b)
        };
        if !done.insert((spoke.clone(), other.clone())) {
            continue;
        }
        let Some(ty) = find(api, spoke) else { continue };
        // Written in a file of the spoke's version module.
        let there = format!("{}::{}", other.version_module, other.name);
        let mut wanted = Vec::new();
        if missing.contains_key(&(spoke.clone(), other.clone())) {
            wanted.push(format!("`impl From<{}> for {there}`", spoke.name));
        }
        if missing.contains_key(&(other.clone(), spoke.clone())) {
            wanted.push(format!("`impl From<{there}> for {}`", spoke.name));
        }
        errors.push(
            Diagnostic::error(
                format!(
                    "`{}::{}` and `{}::{}` differ, and no conversion between them is written: {}",
                    spoke.version_module,
                    spoke.name,
                    other.version_module,
                    other.name,
                    why.join("; ")
                ),
                ty.location.clone(),
            )
            .with_span(ty.name.chars().count())
            .with_help(format!(
                "write {} (or `TryFrom`, if it can fail) in a file of `{}/{}/` with `use \
                 crate::{}::{};`; kube-codegen writes the conversions of the types whose \
                 fields agree",
                wanted.join(" and "),
                spoke.group_module,
                spoke.version_module,
                other.group_module,
                other.version_module
            )),
        );
    }
    errors
}

fn find<'a>(api: &'a Api, r: &TypeRef) -> Option<&'a TypeDef> {
    api.groups
        .iter()
        .find(|g| g.module == r.group_module)?
        .versions
        .iter()
        .find(|v| v.module == r.version_module)?
        .find_type(&r.name)
}
