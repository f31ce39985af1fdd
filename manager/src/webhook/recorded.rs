//! A value serialized to compact JSON, with the place of every object
//! member and list item in the text recorded as it is written (serde_json's
//! `Formatter` hooks), so comparing two serializations part by part needs no
//! second reading of either.

use std::cell::Cell;
use std::io;
use std::ops::Range;

use serde::Serialize;
use serde_json::ser::Formatter;

/// One member (or item) of an object (or list): where its key and value
/// are in the text, and how many nodes nested in it follow it (nodes are
/// in the order they are written).
#[derive(Clone, Debug, PartialEq)]
struct Node {
    /// The key as written, quotes included; empty for a list item.
    key: Range<usize>,
    value: Range<usize>,
    descendants: usize,
}

/// A serialization and its nodes; node 0 is the whole value. Kept between
/// requests, it allocates nothing once its buffers have grown.
#[derive(Debug, Default)]
pub(crate) struct Recorded {
    text: String,
    nodes: Vec<Node>,
    open: Vec<usize>,
}

/// The root node.
pub(crate) const ROOT: usize = 0;

impl Recorded {
    /// Serializes `value` (replacing what was recorded).
    pub(crate) fn record<T: Serialize + ?Sized>(&mut self, value: &T) -> serde_json::Result<()> {
        let mut text = std::mem::take(&mut self.text).into_bytes();
        text.clear();
        self.nodes.clear();
        self.open.clear();
        self.nodes.push(Node {
            key: 0..0,
            value: 0..0,
            descendants: 0,
        });
        let written = Cell::new(0);
        let writer = Counted {
            out: &mut text,
            written: &written,
        };
        let formatter = Recorder {
            written: &written,
            nodes: &mut self.nodes,
            open: &mut self.open,
        };
        value.serialize(&mut serde_json::Serializer::with_formatter(
            writer, formatter,
        ))?;
        // serde_json writes UTF-8; checked once here, not at every look.
        self.text = String::from_utf8(text).map_err(serde::ser::Error::custom)?;
        let end = self.text.len();
        let descendants = self.nodes.len() - 1;
        let root = &mut self.nodes[ROOT];
        root.value = 0..end;
        root.descendants = descendants;
        Ok(())
    }

    /// The bytes its buffers hold.
    pub(crate) fn capacity(&self) -> usize {
        self.text.capacity() + self.nodes.capacity() * std::mem::size_of::<Node>()
    }

    /// The whole text.
    pub(crate) fn text(&self) -> &str {
        &self.text
    }

    /// The value of node `node`.
    pub(crate) fn value(&self, node: usize) -> &str {
        &self.text[self.nodes[node].value.clone()]
    }

    /// The key of node `node` as written (a JSON string, quotes included).
    pub(crate) fn key(&self, node: usize) -> &str {
        &self.text[self.nodes[node].key.clone()]
    }

    /// The members (or items) of node `node`, in order.
    pub(crate) fn children(&self, node: usize) -> Children<'_> {
        let end = node + 1 + self.nodes[node].descendants;
        Children {
            nodes: &self.nodes,
            next: node + 1,
            end,
        }
    }
}

/// The direct children of a node.
pub(crate) struct Children<'r> {
    nodes: &'r [Node],
    next: usize,
    end: usize,
}

impl Iterator for Children<'_> {
    type Item = usize;

    fn next(&mut self) -> Option<usize> {
        (self.next < self.end).then(|| {
            let node = self.next;
            self.next += 1 + self.nodes[node].descendants;
            node
        })
    }
}

/// The output, counting what is written for the formatter.
struct Counted<'a> {
    out: &'a mut Vec<u8>,
    written: &'a Cell<usize>,
}

impl io::Write for Counted<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.write_all(buf)?;
        Ok(buf.len())
    }

    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.out.extend_from_slice(buf);
        self.written.set(self.out.len());
        Ok(())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// serde_json's compact format, recording nodes at its hooks.
struct Recorder<'a> {
    written: &'a Cell<usize>,
    nodes: &'a mut Vec<Node>,
    /// The nodes being written, innermost last.
    open: &'a mut Vec<usize>,
}

impl Recorder<'_> {
    fn open(&mut self) {
        let at = self.written.get();
        self.open.push(self.nodes.len());
        self.nodes.push(Node {
            key: at..at,
            value: at..at,
            descendants: 0,
        });
    }

    fn current(&mut self) -> &mut Node {
        let node = *self.open.last().expect("a node is open");
        &mut self.nodes[node]
    }

    fn close(&mut self) {
        let end = self.written.get();
        let node = self.open.pop().expect("a node is open");
        let descendants = self.nodes.len() - node - 1;
        let node = &mut self.nodes[node];
        node.value.end = end;
        node.descendants = descendants;
    }
}

impl Formatter for Recorder<'_> {
    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if !first {
            writer.write_all(b",")?;
        }
        self.open();
        Ok(())
    }

    fn end_object_key<W: ?Sized + io::Write>(&mut self, _: &mut W) -> io::Result<()> {
        let end = self.written.get();
        self.current().key.end = end;
        Ok(())
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        writer.write_all(b":")?;
        let start = self.written.get();
        self.current().value = start..start;
        Ok(())
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.close();
        Ok(())
    }

    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        if !first {
            writer.write_all(b",")?;
        }
        self.open();
        Ok(())
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, _: &mut W) -> io::Result<()> {
        self.close();
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn records_every_member_and_item_where_it_is_written() {
        let value = json!({"a": 1, "b": {"c": [true, {"d": null}], "e/f": "x\"y"}});
        let mut recorded = Recorded::default();
        recorded.record(&value).unwrap();
        assert_eq!(recorded.text(), serde_json::to_string(&value).unwrap());
        let members: Vec<(&str, &str)> = recorded
            .children(ROOT)
            .map(|n| (recorded.key(n), recorded.value(n)))
            .collect();
        assert_eq!(
            members,
            [
                ("\"a\"", "1"),
                ("\"b\"", r#"{"c":[true,{"d":null}],"e/f":"x\"y"}"#)
            ]
        );
        let b = recorded.children(ROOT).nth(1).unwrap();
        let inner: Vec<(&str, &str)> = recorded
            .children(b)
            .map(|n| (recorded.key(n), recorded.value(n)))
            .collect();
        assert_eq!(
            inner,
            [("\"c\"", r#"[true,{"d":null}]"#), ("\"e/f\"", r#""x\"y""#)]
        );
        let c = recorded.children(b).next().unwrap();
        let items: Vec<(&str, &str)> = recorded
            .children(c)
            .map(|n| (recorded.key(n), recorded.value(n)))
            .collect();
        assert_eq!(items, [("", "true"), ("", r#"{"d":null}"#)]);
        // Recording again reuses the buffers and forgets the first value.
        recorded.record(&json!([])).unwrap();
        assert_eq!(
            (recorded.text(), recorded.children(ROOT).count()),
            ("[]", 0)
        );
    }
}
