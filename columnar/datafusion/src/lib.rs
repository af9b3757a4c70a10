//! SQL functions for [Apache DataFusion] on [rapidutf]'s SIMD UTF-8
//! validation and transcoding ([rapidutf-arrow]):
//!
//! | function | arguments | result |
//! |---|---|---|
//! | `is_valid_utf8(b)` | a binary (or string) column | `true` where the row is valid UTF-8, null where it is null |
//! | `convert_from(b, encoding)` | binary, and one of `'utf8'`, `'utf16le'`, `'utf16be'`, `'latin1'`, `'windows1252'` | the text as a string column; an error names the first row that is not valid in the encoding |
//! | `convert_to(s, encoding)` | a string column and an encoding | the text encoded as binary; an error names the first row with a character the encoding lacks |
//! | `utf8_repair(b [, strategy])` | binary, and `'replace'` (the default), `'ignore'`, `'latin1'` or `'cp1252'` | a string column: valid rows as they are, each invalid stretch replaced by U+FFFD, dropped, or read as Latin-1 or Windows-1252 |
//!
//! `convert_from` and `convert_to` have PostgreSQL's names and argument
//! order. A `Binary` column gives `Utf8` (and back), `LargeBinary`
//! `LargeUtf8`, `BinaryView` `Utf8View`; `convert_from(b, 'utf8')` keeps
//! the column's buffers (it only validates them).
//!
//! ```
//! # #[tokio::main(flavor = "current_thread")]
//! # async fn main() -> datafusion::error::Result<()> {
//! use datafusion::prelude::SessionContext;
//! let mut ctx = SessionContext::new();
//! rapidutf_datafusion::register(&mut ctx)?;
//! let batches = ctx
//!     .sql("SELECT convert_from(X'636166E9', 'latin1') AS s, is_valid_utf8(X'C0AF') AS v")
//!     .await?
//!     .collect()
//!     .await?;
//! let s = batches[0].column(0).as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
//! assert_eq!(s.value(0), "café");
//! # Ok(())
//! # }
//! ```
//!
//! # Distributed DataFusion and serialised plans
//!
//! Each function is a plain [`ScalarUDFImpl`] whose only state is its
//! signature, a constant: no configuration, no captured values, nothing
//! that differs between two instances. A physical plan that calls one
//! serialises (with `datafusion-proto`) as the function's *name* and its
//! arguments, and deserialises wherever a [`FunctionRegistry`] knows that
//! name, to an identical function. So in a distributed deployment such
//! as Ballista, where the scheduler plans a query and ships the plan's
//! fragments to executors as protobuf, register the functions by name on
//! both sides: call [`register`] on the scheduler's session (it plans the
//! SQL) and on each executor's function registry (it decodes the plan
//! fragments), for example with [`functions`] in the executor's session
//! state. Nothing else is needed: no extension codec, since there is no
//! state to encode. The crate's tests check the property that makes this
//! work: the functions registered anew on a second context are equal to,
//! and hash like, the ones a physical plan built on the first calls.
//! (`datafusion-proto` itself is left out of the tests: it would add a
//! protobuf code generator's output and a rebuild of DataFusion's crates
//! with their `proto` features to every CI run, to show the same.)
//!
//! [Apache DataFusion]: https://datafusion.apache.org
//! [rapidutf]: https://docs.rs/rapidutf
//! [rapidutf-arrow]: https://docs.rs/rapidutf-arrow
#![deny(missing_docs)]
#![forbid(unsafe_code)]

use arrow_array::{Array, ArrayRef};
use arrow_schema::DataType;
use datafusion_common::{DataFusionError, Result, ScalarValue, exec_err, plan_err};
use datafusion_expr::registry::FunctionRegistry;
use datafusion_expr::{
    ColumnarValue, ScalarFunctionArgs, ScalarUDF, ScalarUDFImpl, Signature, Volatility,
};
use rapidutf_arrow::{ColumnError, Encoding, ErrorStrategy};
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

/// The four functions, ready to register: `is_valid_utf8`,
/// `convert_from`, `convert_to`, `utf8_repair`.
///
/// ```
/// let names: Vec<String> =
///     rapidutf_datafusion::functions().iter().map(|f| f.name().to_string()).collect();
/// assert_eq!(names, ["is_valid_utf8", "convert_from", "convert_to", "utf8_repair"]);
/// ```
#[must_use]
pub fn functions() -> Vec<Arc<ScalarUDF>> {
    vec![
        Arc::new(ScalarUDF::new_from_impl(IsValidUtf8::new())),
        Arc::new(ScalarUDF::new_from_impl(ConvertFrom::new())),
        Arc::new(ScalarUDF::new_from_impl(ConvertTo::new())),
        Arc::new(ScalarUDF::new_from_impl(Utf8Repair::new())),
    ]
}

/// Registers the four [`functions`] in `registry` (a `SessionContext`, a
/// `SessionState`, an executor's registry), replacing any of the same
/// name.
///
/// # Errors
///
/// Whatever the registry reports.
///
/// ```
/// use datafusion::execution::FunctionRegistry;
/// use datafusion::prelude::SessionContext;
/// let mut ctx = SessionContext::new();
/// rapidutf_datafusion::register(&mut ctx)?;
/// assert!(ctx.udfs().contains("utf8_repair"));
/// # Ok::<(), datafusion::error::DataFusionError>(())
/// ```
pub fn register(registry: &mut dyn FunctionRegistry) -> Result<()> {
    for f in functions() {
        registry.register_udf(f)?;
    }
    Ok(())
}

/// A column error as DataFusion's, naming the function.
fn column_error(function: &str, e: ColumnError) -> DataFusionError {
    DataFusionError::Execution(format!("{function}: {e}"))
}

/// The constant text argument `i` (an encoding or a strategy).
fn constant<'a>(function: &str, args: &'a [ColumnarValue], i: usize) -> Result<&'a str> {
    match args.get(i) {
        Some(ColumnarValue::Scalar(s)) => match s.try_as_str() {
            Some(Some(text)) => Ok(text),
            _ => exec_err!("{function}: argument {} must be a string constant, not {s}", i + 1),
        },
        Some(ColumnarValue::Array(_)) => {
            exec_err!("{function}: argument {} must be a constant, not a column", i + 1)
        }
        None => exec_err!("{function}: argument {} is missing", i + 1),
    }
}

/// Applies `f` to the first argument as an array, and gives a scalar
/// back for a scalar argument.
fn map_first(
    args: &ScalarFunctionArgs,
    f: impl Fn(&dyn Array) -> Result<ArrayRef>,
) -> Result<ColumnarValue> {
    match &args.args[0] {
        ColumnarValue::Array(a) => Ok(ColumnarValue::Array(f(a.as_ref())?)),
        ColumnarValue::Scalar(s) => {
            let out = f(s.to_array_of_size(1)?.as_ref())?;
            Ok(ColumnarValue::Scalar(ScalarValue::try_from_array(&out, 0)?))
        }
    }
}

/// The constant text argument `i` parsed (an [`Encoding`] or an
/// [`ErrorStrategy`]), its error named after `function`.
fn parsed<T: FromStr>(function: &str, args: &[ColumnarValue], i: usize) -> Result<T>
where
    T::Err: fmt::Display,
{
    constant(function, args, i)?
        .parse()
        .map_err(|e| DataFusionError::Execution(format!("{function}: {e}")))
}

/// [`map_first`] for the functions that convert a column to the return
/// type with `f`: a column of nulls (type `Null`) gives nulls of that
/// type, and `f`'s errors are named after `function`.
fn convert_first(
    function: &str,
    args: &ScalarFunctionArgs,
    f: impl Fn(&dyn Array) -> std::result::Result<ArrayRef, ColumnError>,
) -> Result<ColumnarValue> {
    let out = args.return_type().clone();
    map_first(args, |a| {
        if a.data_type() == &DataType::Null {
            return Ok(arrow_array::new_null_array(&out, a.len()));
        }
        f(a).map_err(|e| column_error(function, e))
    })
}

fn is_binary(t: &DataType) -> bool {
    matches!(t, DataType::Binary | DataType::LargeBinary | DataType::BinaryView)
}

fn is_string(t: &DataType) -> bool {
    matches!(t, DataType::Utf8 | DataType::LargeUtf8 | DataType::Utf8View)
}

/// The string type of a binary type's rows.
fn string_of(t: &DataType) -> DataType {
    match t {
        DataType::LargeBinary => DataType::LargeUtf8,
        DataType::BinaryView => DataType::Utf8View,
        _ => DataType::Utf8,
    }
}

/// The binary type of a string type's rows.
fn binary_of(t: &DataType) -> DataType {
    match t {
        DataType::LargeUtf8 => DataType::LargeBinary,
        DataType::Utf8View => DataType::BinaryView,
        _ => DataType::Binary,
    }
}

/// Checks the argument types: `first` accepts the first, the others
/// (up to `max` in all, at least `min`) must be strings.
fn check_args(
    function: &str,
    types: &[DataType],
    (min, max): (usize, usize),
    first: fn(&DataType) -> bool,
    expected: &str,
) -> Result<Vec<DataType>> {
    if types.len() < min || types.len() > max {
        return plan_err!("{function} takes {min} to {max} arguments, not {}", types.len());
    }
    if !first(&types[0]) && types[0] != DataType::Null {
        return plan_err!("{function}: the first argument must be {expected}, not {}", types[0]);
    }
    if let Some(t) = types[1..].iter().find(|t| !is_string(t) && **t != DataType::Null) {
        return plan_err!("{function}: the encoding or strategy must be a string, not {t}");
    }
    Ok(types.to_vec())
}

/// `is_valid_utf8(binary)`: whether each row is valid UTF-8.
#[derive(Debug, PartialEq, Eq, Hash)]
struct IsValidUtf8 {
    signature: Signature,
}

impl IsValidUtf8 {
    fn new() -> Self {
        IsValidUtf8 { signature: Signature::user_defined(Volatility::Immutable) }
    }
}

impl ScalarUDFImpl for IsValidUtf8 {
    fn name(&self) -> &str {
        "is_valid_utf8"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn coerce_types(&self, types: &[DataType]) -> Result<Vec<DataType>> {
        let binary_or_string = |t: &DataType| is_binary(t) || is_string(t);
        check_args(self.name(), types, (1, 1), binary_or_string, "binary or a string")
    }

    fn return_type(&self, _: &[DataType]) -> Result<DataType> {
        Ok(DataType::Boolean)
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        map_first(&args, |a| {
            if a.data_type() == &DataType::Null {
                return Ok(Arc::new(arrow_array::BooleanArray::new_null(a.len())));
            }
            let valid =
                rapidutf_arrow::is_valid_utf8(a).map_err(|e| column_error(self.name(), e))?;
            Ok(Arc::new(valid))
        })
    }
}

/// `convert_from(binary, encoding)`: binary text in `encoding` to a
/// string column.
#[derive(Debug, PartialEq, Eq, Hash)]
struct ConvertFrom {
    signature: Signature,
}

impl ConvertFrom {
    fn new() -> Self {
        ConvertFrom { signature: Signature::user_defined(Volatility::Immutable) }
    }
}

impl ScalarUDFImpl for ConvertFrom {
    fn name(&self) -> &str {
        "convert_from"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn coerce_types(&self, types: &[DataType]) -> Result<Vec<DataType>> {
        check_args(self.name(), types, (2, 2), is_binary, "binary")
    }

    fn return_type(&self, types: &[DataType]) -> Result<DataType> {
        Ok(string_of(&types[0]))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let encoding: Encoding = parsed(self.name(), &args.args, 1)?;
        convert_first(self.name(), &args, |a| rapidutf_arrow::decode(a, encoding))
    }
}

/// `convert_to(string, encoding)`: a string column encoded as binary.
#[derive(Debug, PartialEq, Eq, Hash)]
struct ConvertTo {
    signature: Signature,
}

impl ConvertTo {
    fn new() -> Self {
        ConvertTo { signature: Signature::user_defined(Volatility::Immutable) }
    }
}

impl ScalarUDFImpl for ConvertTo {
    fn name(&self) -> &str {
        "convert_to"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn coerce_types(&self, types: &[DataType]) -> Result<Vec<DataType>> {
        check_args(self.name(), types, (2, 2), is_string, "a string")
    }

    fn return_type(&self, types: &[DataType]) -> Result<DataType> {
        Ok(binary_of(&types[0]))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let encoding: Encoding = parsed(self.name(), &args.args, 1)?;
        convert_first(self.name(), &args, |a| rapidutf_arrow::encode(a, encoding))
    }
}

/// `utf8_repair(binary [, strategy])`: a binary column of mostly UTF-8 to
/// a string column, invalid bytes replaced by the strategy.
#[derive(Debug, PartialEq, Eq, Hash)]
struct Utf8Repair {
    signature: Signature,
}

impl Utf8Repair {
    fn new() -> Self {
        Utf8Repair { signature: Signature::user_defined(Volatility::Immutable) }
    }
}

impl ScalarUDFImpl for Utf8Repair {
    fn name(&self) -> &str {
        "utf8_repair"
    }

    fn signature(&self) -> &Signature {
        &self.signature
    }

    fn coerce_types(&self, types: &[DataType]) -> Result<Vec<DataType>> {
        check_args(self.name(), types, (1, 2), is_binary, "binary")
    }

    fn return_type(&self, types: &[DataType]) -> Result<DataType> {
        Ok(string_of(&types[0]))
    }

    fn invoke_with_args(&self, args: ScalarFunctionArgs) -> Result<ColumnarValue> {
        let strategy = match args.args.len() {
            1 => ErrorStrategy::Replace,
            _ => parsed(self.name(), &args.args, 1)?,
        };
        convert_first(self.name(), &args, |a| rapidutf_arrow::repair(a, strategy))
    }
}
