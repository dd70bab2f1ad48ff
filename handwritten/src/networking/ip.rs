//! IP and CIDR parsing and checks with Kubernetes' rules: a port of
//! `k8s.io/apimachinery/pkg/util/validation/ip.go` (master) over a port of
//! the "sloppy" parser of `k8s.io/utils/net` (Go 1.16's `net.ParseIP` /
//! `net.ParseCIDR`, which accept IPv4 octets with leading zeros) and of the
//! strict parsing of Go's `net/netip` (`ParseAddr` / `ParsePrefix`).
//!
//! Addresses are held as 16 bytes, IPv4 as IPv4-mapped IPv6, like Go's
//! `net.IP` returned by `ParseIP`.

use apimachinery::field::{Error, ErrorList, Path};

/// Go's `big`: the overflow bound of the decimal and hex field parsers.
const BIG: u32 = 0xFF_FFFF;

/// The IPv4-mapped IPv6 prefix `::ffff:0:0/96`.
const V4_IN_V6_PREFIX: [u8; 12] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

/// Go's `dtoi`: the decimal number at the start of `s`, its digit count, and
/// whether it is a number below `BIG`.
fn dtoi(s: &[u8]) -> (u32, usize, bool) {
    let mut n: u32 = 0;
    let mut i = 0;
    while i < s.len() && s[i].is_ascii_digit() {
        n = n * 10 + u32::from(s[i] - b'0');
        if n >= BIG {
            return (BIG, i, false);
        }
        i += 1;
    }
    (n, i, i > 0)
}

/// Go's `xtoi`: the hex number at the start of `s`, its digit count, and
/// whether it is a number below `BIG`.
fn xtoi(s: &[u8]) -> (u32, usize, bool) {
    let mut n: u32 = 0;
    let mut i = 0;
    while i < s.len() {
        let Some(d) = char::from(s[i]).to_digit(16) else {
            break;
        };
        n = n * 16 + d;
        if n >= BIG {
            return (0, i, false);
        }
        i += 1;
    }
    (n, i, i > 0)
}

/// The 16-byte IPv4-mapped form of `a.b.c.d`.
fn v4(p: [u8; 4]) -> [u8; 16] {
    let mut ip = [0u8; 16];
    ip[..12].copy_from_slice(&V4_IN_V6_PREFIX);
    ip[12..].copy_from_slice(&p);
    ip
}

/// Dotted-quad IPv4; `strict` rejects octets with leading zeros (netip).
fn parse_ipv4(s: &[u8], strict: bool) -> Option<[u8; 16]> {
    let mut p = [0u8; 4];
    let mut s = s;
    for (i, octet) in p.iter_mut().enumerate() {
        if s.is_empty() {
            return None;
        }
        if i > 0 {
            if s[0] != b'.' {
                return None;
            }
            s = &s[1..];
        }
        let (n, c, ok) = dtoi(s);
        if !ok || n > 0xFF {
            return None;
        }
        if strict && (c > 3 || (c > 1 && s[0] == b'0')) {
            return None;
        }
        s = &s[c..];
        *octet = n as u8;
    }
    if !s.is_empty() {
        return None;
    }
    Some(v4(p))
}

/// RFC 4291 IPv6 text; `strict` rejects hex groups of more than 4 digits and
/// embedded IPv4 octets with leading zeros (netip).
fn parse_ipv6(s: &[u8], strict: bool) -> Option<[u8; 16]> {
    let mut ip = [0u8; 16];
    let mut ellipsis: Option<usize> = None;
    let mut s = s;
    if s.len() >= 2 && s[0] == b':' && s[1] == b':' {
        ellipsis = Some(0);
        s = &s[2..];
        if s.is_empty() {
            return Some(ip);
        }
    }
    let mut i = 0;
    while i < 16 {
        let (n, c, ok) = xtoi(s);
        if !ok || n > 0xFFFF {
            return None;
        }
        if c < s.len() && s[c] == b'.' {
            if ellipsis.is_none() && i != 12 {
                return None;
            }
            if i + 4 > 16 {
                return None;
            }
            let ip4 = parse_ipv4(s, strict)?;
            ip[i..i + 4].copy_from_slice(&ip4[12..]);
            s = &[];
            i += 4;
            break;
        }
        if strict && c > 4 {
            return None;
        }
        ip[i] = (n >> 8) as u8;
        ip[i + 1] = n as u8;
        i += 2;
        s = &s[c..];
        if s.is_empty() {
            break;
        }
        if s[0] != b':' || s.len() == 1 {
            return None;
        }
        s = &s[1..];
        if s[0] == b':' {
            if ellipsis.is_some() {
                return None;
            }
            ellipsis = Some(i);
            s = &s[1..];
            if s.is_empty() {
                break;
            }
        }
    }
    if !s.is_empty() {
        return None;
    }
    if i < 16 {
        let e = ellipsis?;
        let n = 16 - i;
        for j in (e..i).rev() {
            ip[j + n] = ip[j];
        }
        for b in ip.iter_mut().skip(e).take(n) {
            *b = 0;
        }
    } else if ellipsis.is_some() {
        return None;
    }
    Some(ip)
}

/// `netutils.ParseIPSloppy`: the address, or `None`. IPv4 octets may have
/// leading zeros (read as decimal); zones are not accepted.
///
/// ```
/// use handwritten::networking::ip::{format_ip, parse_ip_sloppy};
/// assert_eq!(format_ip(&parse_ip_sloppy("010.001.2.3").unwrap()), "10.1.2.3");
/// assert!(parse_ip_sloppy("1.2.3").is_none());
/// assert!(parse_ip_sloppy("fe80::1%eth0").is_none());
/// ```
pub fn parse_ip_sloppy(s: &str) -> Option<[u8; 16]> {
    parse_ip(s.as_bytes(), false)
}

fn parse_ip(s: &[u8], strict: bool) -> Option<[u8; 16]> {
    for &b in s {
        match b {
            b'.' => return parse_ipv4(s, strict),
            b':' => return parse_ipv6(s, strict),
            _ => {}
        }
    }
    None
}

/// Whether Go's `netip.ParseAddr` accepts an address that
/// [`parse_ip_sloppy`] accepted: no leading zeros in IPv4 octets and at most
/// four digits per IPv6 group.
///
/// ```
/// use handwritten::networking::ip::is_strict_ip;
/// assert!(is_strict_ip("10.1.2.3"));
/// assert!(!is_strict_ip("10.01.2.3"));
/// assert!(!is_strict_ip("2001:db8::00001"));
/// ```
pub fn is_strict_ip(s: &str) -> bool {
    parse_ip(s.as_bytes(), true).is_some()
}

/// Whether the 16 bytes hold an IPv4(-mapped) address (Go's `To4() != nil`).
///
/// ```
/// use handwritten::networking::ip::{is_ipv4, parse_ip_sloppy};
/// assert!(is_ipv4(&parse_ip_sloppy("1.2.3.4").unwrap()));
/// assert!(!is_ipv4(&parse_ip_sloppy("::1").unwrap()));
/// ```
pub fn is_ipv4(ip: &[u8; 16]) -> bool {
    ip[..12] == V4_IN_V6_PREFIX
}

/// Go's `net.IP.String`: dotted decimal for IPv4(-mapped) addresses, else
/// RFC 5952 (lower-case hex, the longest run of two or more zero groups,
/// the first on ties, as `::`).
///
/// ```
/// use handwritten::networking::ip::{format_ip, parse_ip_sloppy};
/// assert_eq!(format_ip(&parse_ip_sloppy("2001:0db8:0:0:1:0:0:1").unwrap()), "2001:db8::1:0:0:1");
/// assert_eq!(format_ip(&parse_ip_sloppy("::ffff:1.2.3.4").unwrap()), "1.2.3.4");
/// assert_eq!(format_ip(&parse_ip_sloppy("::1:0:1").unwrap()), "::1:0:1");
/// ```
pub fn format_ip(ip: &[u8; 16]) -> String {
    if is_ipv4(ip) {
        return format!("{}.{}.{}.{}", ip[12], ip[13], ip[14], ip[15]);
    }
    let (mut e0, mut e1): (isize, isize) = (-1, -1);
    let mut i = 0usize;
    while i < 16 {
        let mut j = i;
        while j < 16 && ip[j] == 0 && ip[j + 1] == 0 {
            j += 2;
        }
        if j > i && (j - i) as isize > e1 - e0 {
            e0 = i as isize;
            e1 = j as isize;
            i = j;
        }
        i += 2;
    }
    if e1 - e0 <= 2 {
        e0 = -1;
        e1 = -1;
    }
    let mut out = String::new();
    let mut i = 0isize;
    while i < 16 {
        if i == e0 {
            out.push_str("::");
            i = e1;
            if i >= 16 {
                break;
            }
        } else if i > 0 {
            out.push(':');
        }
        let k = i as usize;
        out.push_str(&format!(
            "{:x}",
            (u16::from(ip[k]) << 8) | u16::from(ip[k + 1])
        ));
        i += 2;
    }
    out
}

/// A parsed CIDR block: Go's `net.IPNet` as `ParseCIDR` returns it (the
/// masked network address, the prefix length, and the address length in
/// bits: 32 for dotted IPv4 text, 128 otherwise, IPv4-mapped included).
///
/// ```
/// use handwritten::networking::ip::parse_cidr_sloppy;
/// let (_, net) = parse_cidr_sloppy("10.1.2.3/8").unwrap();
/// assert_eq!(net.to_string(), "10.0.0.0/8");
/// assert_eq!(net.mask_size(), (8, 32));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IpNet {
    ip: [u8; 16],
    prefix: u8,
    bits: u8,
}

impl IpNet {
    /// `Mask.Size()`: `(prefix length, address bits)`.
    ///
    /// ```
    /// use handwritten::networking::ip::parse_cidr_sloppy;
    /// assert_eq!(parse_cidr_sloppy("::ffff:1.2.3.0/120").unwrap().1.mask_size(), (120, 128));
    /// ```
    pub fn mask_size(&self) -> (u8, u8) {
        (self.prefix, self.bits)
    }

    /// The network address.
    ///
    /// ```
    /// use handwritten::networking::ip::{format_ip, parse_cidr_sloppy};
    /// assert_eq!(format_ip(&parse_cidr_sloppy("10.1.2.3/16").unwrap().1.ip()), "10.1.0.0");
    /// ```
    pub fn ip(&self) -> [u8; 16] {
        self.ip
    }

    /// The mask over the last `bits / 8` bytes, as Go's `CIDRMask`.
    fn mask(&self) -> Vec<u8> {
        let len = usize::from(self.bits / 8);
        (0..len)
            .map(|k| {
                let start = k * 8;
                let ones = usize::from(self.prefix).saturating_sub(start).min(8);
                if ones == 0 { 0 } else { 0xffu8 << (8 - ones) }
            })
            .collect()
    }

    /// Go's `IPNet.Contains`: IPv4(-mapped) networks compare in the IPv4
    /// space (a 128-bit mask keeps its last 32 bits), others in IPv6 space.
    ///
    /// ```
    /// use handwritten::networking::ip::{parse_cidr_sloppy, parse_ip_sloppy};
    /// let (_, net) = parse_cidr_sloppy("10.0.0.0/8").unwrap();
    /// assert!(net.contains(&parse_ip_sloppy("10.9.8.7").unwrap()));
    /// assert!(!net.contains(&parse_ip_sloppy("11.0.0.0").unwrap()));
    /// assert!(!net.contains(&parse_ip_sloppy("::a09:807").unwrap()));
    /// ```
    pub fn contains(&self, ip: &[u8; 16]) -> bool {
        let mask = self.mask();
        let (nn, m): (&[u8], &[u8]) = if is_ipv4(&self.ip) {
            (&self.ip[12..], &mask[mask.len() - 4..])
        } else {
            (&self.ip[..], &mask[..])
        };
        let x: &[u8] = if is_ipv4(ip) { &ip[12..] } else { &ip[..] };
        if x.len() != nn.len() {
            return false;
        }
        (0..x.len()).all(|i| nn[i] & m[i] == x[i] & m[i])
    }
}

impl std::fmt::Display for IpNet {
    /// Go's `IPNet.String`: the network address and the prefix length.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", format_ip(&self.ip), self.prefix)
    }
}

/// `netutils.ParseCIDRSloppy`: the address as written and the network, or
/// `None`. The prefix length may have leading zeros.
///
/// ```
/// use handwritten::networking::ip::parse_cidr_sloppy;
/// assert_eq!(parse_cidr_sloppy("2001:db8::1/032").unwrap().1.to_string(), "2001:db8::/32");
/// assert!(parse_cidr_sloppy("10.0.0.0/33").is_none());
/// assert!(parse_cidr_sloppy("10.0.0.0").is_none());
/// ```
pub fn parse_cidr_sloppy(s: &str) -> Option<([u8; 16], IpNet)> {
    let slash = s.find('/')?;
    let (addr, mask) = (&s.as_bytes()[..slash], &s.as_bytes()[slash + 1..]);
    let (ip, bits) = match parse_ipv4(addr, false) {
        Some(ip) => (ip, 32u8),
        None => (parse_ipv6(addr, false)?, 128u8),
    };
    let (n, i, ok) = dtoi(mask);
    if !ok || i != mask.len() || n > u32::from(bits) {
        return None;
    }
    let mut net = IpNet {
        ip,
        prefix: n as u8,
        bits,
    };
    let m = net.mask();
    let offset = 16 - m.len();
    for (k, mb) in m.iter().enumerate() {
        net.ip[offset + k] &= mb;
    }
    Some((ip, net))
}

/// Whether Go's `netip.ParsePrefix` accepts a CIDR that
/// [`parse_cidr_sloppy`] accepted: strict address, prefix length without
/// leading zeros.
fn is_strict_prefix(s: &str) -> bool {
    let Some(slash) = s.rfind('/') else {
        return false;
    };
    let (addr, len) = (&s[..slash], &s[slash + 1..]);
    is_strict_ip(addr) && !(len.len() > 1 && len.starts_with('0'))
}

/// `parseIP`: the sloppy parse, plus with `strict` the netip checks.
fn check_ip(path: &Path<'_>, value: &str, strict: bool) -> (Option<[u8; 16]>, ErrorList) {
    let mut errs = ErrorList::new();
    let Some(ip) = parse_ip_sloppy(value) else {
        errs.push(Error::invalid(
            path,
            value,
            "must be a valid IP address, (e.g. 10.9.8.7 or 2001:db8::ffff)",
        ));
        return (None, errs);
    };
    if strict {
        if !is_strict_ip(value) {
            errs.push(Error::invalid(path, value, "must not have leading 0s"));
        } else if value.contains(':') && is_ipv4(&ip) {
            errs.push(Error::invalid(
                path,
                value,
                "must not be an IPv4-mapped IPv6 address",
            ));
        }
    }
    (Some(ip), errs)
}

/// `IsValidIPForLegacyField`: values in `valid_old` pass; otherwise the
/// sloppy parse, with `strict` (the `StrictIPCIDRValidation` gate) also the
/// netip checks; errors carry origin `format=ip-sloppy`.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::networking::ip::is_valid_ip_for_legacy_field;
/// let p = Path::new("ip");
/// assert!(is_valid_ip_for_legacy_field(&p, "010.0.0.1", false, &[]).is_empty());
/// assert_eq!(is_valid_ip_for_legacy_field(&p, "010.0.0.1", true, &[])[0].detail, "must not have leading 0s");
/// assert!(is_valid_ip_for_legacy_field(&p, "x", true, &["x".to_string()]).is_empty());
/// ```
pub fn is_valid_ip_for_legacy_field(
    path: &Path<'_>,
    value: &str,
    strict: bool,
    valid_old: &[String],
) -> ErrorList {
    if valid_old.iter().any(|v| v == value) {
        return ErrorList::new();
    }
    check_ip(path, value, strict)
        .1
        .with_origin("format=ip-sloppy")
}

/// `IsValidIP`: a strictly valid IP in canonical form; errors carry origin
/// `format=ip-strict`.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::networking::ip::is_valid_ip;
/// let p = Path::new("ip");
/// assert!(is_valid_ip(&p, "2001:db8::1").is_empty());
/// assert_eq!(is_valid_ip(&p, "2001:db8:0::1")[0].detail, r#"must be in canonical form ("2001:db8::1")"#);
/// assert_eq!(is_valid_ip(&p, "::ffff:1.2.3.4")[0].detail, "must not be an IPv4-mapped IPv6 address");
/// ```
pub fn is_valid_ip(path: &Path<'_>, value: &str) -> ErrorList {
    let (ip, mut errs) = check_ip(path, value, true);
    if let (Some(ip), true) = (ip, errs.is_empty()) {
        let canonical = format_ip(&ip);
        if value != canonical {
            errs.push(Error::invalid(
                path,
                value,
                format!("must be in canonical form (\"{canonical}\")"),
            ));
        }
    }
    errs.with_origin("format=ip-strict")
}

/// `parseCIDR`: the sloppy parse, plus with `strict` the netip checks.
fn check_cidr(path: &Path<'_>, value: &str, strict: bool) -> (Option<IpNet>, ErrorList) {
    let mut errs = ErrorList::new();
    let Some((_, net)) = parse_cidr_sloppy(value) else {
        errs.push(Error::invalid(
            path,
            value,
            "must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)",
        ));
        return (None, errs);
    };
    if strict {
        let addr = &value[..value.rfind('/').unwrap_or(0)];
        if !is_strict_prefix(value) {
            errs.push(Error::invalid(
                path,
                value,
                "must not have leading 0s in IP or prefix length",
            ));
        } else if addr.contains(':') && is_ipv4(&net.ip) {
            errs.push(Error::invalid(
                path,
                value,
                "must not have an IPv4-mapped IPv6 address",
            ));
        } else if parse_ip_sloppy(addr) != Some(net.ip) {
            errs.push(Error::invalid(
                path,
                value,
                "must not have bits set beyond the prefix length",
            ));
        }
    }
    (Some(net), errs)
}

/// `IsValidCIDRForLegacyField`: values in `valid_old` pass; otherwise the
/// sloppy parse, with `strict` also the netip checks. No origin.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::networking::ip::is_valid_cidr_for_legacy_field;
/// let p = Path::new("cidr");
/// assert!(is_valid_cidr_for_legacy_field(&p, "10.0.0.1/8", false, &[]).is_empty());
/// assert_eq!(
///     is_valid_cidr_for_legacy_field(&p, "10.0.0.1/8", true, &[])[0].detail,
///     "must not have bits set beyond the prefix length"
/// );
/// ```
pub fn is_valid_cidr_for_legacy_field(
    path: &Path<'_>,
    value: &str,
    strict: bool,
    valid_old: &[String],
) -> ErrorList {
    if valid_old.iter().any(|v| v == value) {
        return ErrorList::new();
    }
    check_cidr(path, value, strict).1
}

/// `IsValidCIDR`: a strictly valid CIDR in canonical form. No origin.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::networking::ip::is_valid_cidr;
/// let p = Path::new("cidr");
/// assert!(is_valid_cidr(&p, "10.0.0.0/8").is_empty());
/// assert_eq!(is_valid_cidr(&p, "2001:db8:0::/64")[0].detail, r#"must be in canonical form ("2001:db8::/64")"#);
/// ```
pub fn is_valid_cidr(path: &Path<'_>, value: &str) -> ErrorList {
    let (net, mut errs) = check_cidr(path, value, true);
    if let (Some(net), true) = (net, errs.is_empty()) {
        let canonical = net.to_string();
        if value != canonical {
            errs.push(Error::invalid(
                path,
                value,
                format!("must be in canonical form (\"{canonical}\")"),
            ));
        }
    }
    errs
}

/// `IsValidInterfaceAddress`: an address with its subnet length
/// (`ip addr` style), in canonical form. No origin.
///
/// ```
/// use apimachinery::field::Path;
/// use handwritten::networking::ip::is_valid_interface_address;
/// let p = Path::new("ips");
/// assert!(is_valid_interface_address(&p, "10.9.8.7/24").is_empty());
/// assert_eq!(is_valid_interface_address(&p, "2001:db8:0::1/64")[0].detail, r#"must be in canonical form ("2001:db8::1/64")"#);
/// assert_eq!(is_valid_interface_address(&p, "10.9.8.7")[0].detail, "must be a valid address in CIDR form, (e.g. 10.9.8.7/24 or 2001:db8::1/64)");
/// ```
pub fn is_valid_interface_address(path: &Path<'_>, value: &str) -> ErrorList {
    let mut errs = ErrorList::new();
    let Some((ip, net)) = parse_cidr_sloppy(value) else {
        errs.push(Error::invalid(
            path,
            value,
            "must be a valid address in CIDR form, (e.g. 10.9.8.7/24 or 2001:db8::1/64)",
        ));
        return errs;
    };
    let (mut size, bits) = net.mask_size();
    if is_ipv4(&ip) && bits == 128 && size > 32 {
        size -= 96;
    }
    let canonical = format!("{}/{}", format_ip(&ip), size);
    if value != canonical {
        errs.push(Error::invalid(
            path,
            value,
            format!("must be in canonical form (\"{canonical}\")"),
        ));
    }
    errs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> Option<String> {
        parse_ip_sloppy(s).map(|b| format_ip(&b))
    }

    #[test]
    fn sloppy_parsing_follows_go_1_16() {
        assert_eq!(ip("1.2.3.4").as_deref(), Some("1.2.3.4"));
        assert_eq!(ip("001.002.003.004").as_deref(), Some("1.2.3.4"));
        assert_eq!(ip("256.0.0.1"), None);
        assert_eq!(ip("1.2.3.4.5"), None);
        assert_eq!(ip("::"), Some("::".into()));
        assert_eq!(ip("::1"), Some("::1".into()));
        assert_eq!(ip("1::"), Some("1::".into()));
        assert_eq!(ip("1:2:3:4:5:6:7:8"), Some("1:2:3:4:5:6:7:8".into()));
        assert_eq!(ip("1:2:3:4:5:6:7::"), Some("1:2:3:4:5:6:7:0".into()));
        assert_eq!(
            ip("1:2:3:4:5:6:7:8::"),
            None,
            "an ellipsis must stand for a group"
        );
        assert_eq!(ip("1:2:3:4:5:6:7:8:9"), None);
        assert_eq!(ip("1::2::3"), None);
        assert_eq!(ip("::1.2.3.4"), Some("::102:304".into()));
        assert_eq!(
            ip("1:2:3:4:5:6:1.2.3.4"),
            Some("1:2:3:4:5:6:102:304".into())
        );
        assert_eq!(ip("1:2:3:4:1.2.3.4"), None);
        assert_eq!(ip("00000001::"), Some("1::".into()));
        assert_eq!(ip("10000::"), None);
        assert_eq!(ip(""), None);
        assert_eq!(ip("abc"), None);
        assert_eq!(ip("1.2.3.4:80"), None);
    }

    #[test]
    fn formatting_picks_the_first_longest_zero_run() {
        assert_eq!(ip("1:0:0:2:0:0:0:3").as_deref(), Some("1:0:0:2::3"));
        assert_eq!(ip("1:0:0:2:0:0:3:4").as_deref(), Some("1::2:0:0:3:4"));
        assert_eq!(ip("1:0:2:3:4:5:6:7").as_deref(), Some("1:0:2:3:4:5:6:7"));
        assert_eq!(ip("0:0:0:0:0:0:0:1").as_deref(), Some("::1"));
        assert_eq!(ip("ABCD::EF").as_deref(), Some("abcd::ef"));
    }

    #[test]
    fn strictness_rejects_leading_zeros_and_mapped_addresses() {
        let p = Path::new("f");
        assert!(is_valid_ip(&p, "1.2.3.4").is_empty());
        assert_eq!(
            is_valid_ip(&p, "1.2.3.04")[0].detail,
            "must not have leading 0s"
        );
        assert_eq!(is_valid_ip(&p, "1.2.3.04").len(), 1);
        assert_eq!(is_valid_ip(&p, "bad")[0].origin, "format=ip-strict");
        assert_eq!(is_valid_ip(&p, "::ffff:1.2.3.4").len(), 1);
        assert_eq!(
            is_valid_ip(&p, "2001:DB8::1")[0].detail,
            r#"must be in canonical form ("2001:db8::1")"#
        );
        assert!(is_valid_ip_for_legacy_field(&p, "::ffff:1.2.3.4", false, &[]).is_empty());
    }

    #[test]
    fn cidrs_mask_contain_and_format_as_go() {
        let (addr, net) = parse_cidr_sloppy("192.168.1.77/24").unwrap();
        assert_eq!(format_ip(&addr), "192.168.1.77");
        assert_eq!(net.to_string(), "192.168.1.0/24");
        let (_, mapped) = parse_cidr_sloppy("::ffff:10.0.0.0/104").unwrap();
        assert_eq!(mapped.to_string(), "10.0.0.0/104");
        assert!(mapped.contains(&parse_ip_sloppy("10.255.0.1").unwrap()));
        let (_, v6) = parse_cidr_sloppy("2001:db8::/32").unwrap();
        assert!(v6.contains(&parse_ip_sloppy("2001:db8:ffff::").unwrap()));
        assert!(!v6.contains(&parse_ip_sloppy("10.0.0.1").unwrap()));
        let (_, all) = parse_cidr_sloppy("0.0.0.0/0").unwrap();
        assert!(all.contains(&parse_ip_sloppy("255.255.255.255").unwrap()));
        assert!(parse_cidr_sloppy("1.2.3.4/-1").is_none());
        assert!(parse_cidr_sloppy("1.2.3.4/").is_none());
        assert!(parse_cidr_sloppy("::/129").is_none());
    }

    #[test]
    fn strict_cidr_checks_in_go_order() {
        let p = Path::new("c");
        let detail = |v: &str| {
            is_valid_cidr_for_legacy_field(&p, v, true, &[])
                .iter()
                .map(|e| e.detail.to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            detail("10.0.0.0/08"),
            ["must not have leading 0s in IP or prefix length"]
        );
        assert_eq!(
            detail("010.0.0.0/8"),
            ["must not have leading 0s in IP or prefix length"]
        );
        assert_eq!(
            detail("::ffff:10.0.0.0/104"),
            ["must not have an IPv4-mapped IPv6 address"]
        );
        assert_eq!(
            detail("10.0.0.1/8"),
            ["must not have bits set beyond the prefix length"]
        );
        assert!(detail("10.0.0.0/8").is_empty());
        assert_eq!(
            detail("nope"),
            ["must be a valid CIDR value, (e.g. 10.9.8.0/24 or 2001:db8::/64)"]
        );
        assert!(is_valid_cidr_for_legacy_field(&p, "10.0.0.1/8", false, &[]).is_empty());
    }
}
