//! controller-gen's `allowDangerousTypes`: floats are refused unless allowed.

/// The error for an `f32`/`f64` field when dangerous types are not allowed.
pub(crate) fn float_refused(bits: u8) -> String {
    format!(
        "`f{bits}` fields are refused by default, as controller-gen refuses Go floats: JSON \
         numbers are read differently across languages, so a float may not round-trip; use an \
         integer, a `String`, or `Quantity` instead, or pass `--allow-dangerous-types` (Builder: \
         `allow_dangerous_types(true)`) to generate `type: number`"
    )
}
