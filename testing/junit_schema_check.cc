// Test-only: the strict JUnit schema's rules (testing/junit_schema_check.h).
#include "testing/junit_schema_check.h"

#include <map>
#include <memory>
#include <set>

#include "absl/strings/ascii.h"
#include "absl/strings/numbers.h"
#include "absl/strings/str_cat.h"
#include "re2/re2.h"
#include "runners/reports/report.h"

namespace onnx_conform {
namespace {

struct Element {
  std::string name;
  int line = 0;
  std::vector<std::pair<std::string, std::string>> attributes;
  std::vector<std::unique_ptr<Element>> children;
  std::string text;  // the character data directly inside, entities decoded
};

// A small XML 1.0 reader: elements, attributes, text, the five entities and
// character references, comments, CDATA and processing instructions.
class Reader {
 public:
  Reader(absl::string_view xml, std::vector<std::string>& problems)
      : xml_(xml), problems_(problems) {}

  std::unique_ptr<Element> Document() {
    if (EscapeNonUtf8(xml_, /*escape_backslash=*/false) != xml_) {
      Problem("not UTF-8 throughout, as the declaration says");
      return nullptr;
    }
    for (size_t i = 0; i < xml_.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(xml_[i]);
      if (c < 0x20 && c != '\n' && c != '\t' && c != '\r') {
        Problem(absl::StrCat("raw control character 0x", absl::Hex(c), " at byte ", i));
        return nullptr;
      }
    }
    SkipMisc();
    if (!Starts("<")) {
      Problem("no root element");
      return nullptr;
    }
    std::unique_ptr<Element> root = ParseElement(0);
    if (root == nullptr) return nullptr;
    SkipMisc();
    if (pos_ < xml_.size()) Problem(absl::StrCat("content after the root element, line ", Line()));
    return root;
  }

 private:
  bool Starts(absl::string_view s) const { return xml_.substr(pos_, s.size()) == s; }
  int Line() const {
    int line = 1;
    for (size_t i = 0; i < pos_ && i < xml_.size(); ++i) line += xml_[i] == '\n';
    return line;
  }
  void Problem(const std::string& what) { problems_.push_back(what); }
  void SkipSpace() {
    while (pos_ < xml_.size() && absl::ascii_isspace(static_cast<unsigned char>(xml_[pos_]))) {
      ++pos_;
    }
  }
  // Whitespace, comments and processing instructions (the declaration).
  void SkipMisc() {
    while (true) {
      SkipSpace();
      if (!SkipMarkup("<?", "?>") && !SkipMarkup("<!--", "-->")) return;
    }
  }
  bool SkipMarkup(absl::string_view open, absl::string_view close) {
    if (!Starts(open)) return false;
    const size_t end = xml_.find(close, pos_ + open.size());
    pos_ = end == absl::string_view::npos ? xml_.size() : end + close.size();
    return true;
  }
  std::string Name() {
    const size_t start = pos_;
    while (pos_ < xml_.size() &&
           (absl::ascii_isalnum(static_cast<unsigned char>(xml_[pos_])) || xml_[pos_] == '_' ||
            xml_[pos_] == ':' || xml_[pos_] == '-' || xml_[pos_] == '.')) {
      ++pos_;
    }
    return std::string(xml_.substr(start, pos_ - start));
  }
  // Character data up to `stop` (excluded), entities decoded.
  bool Decode(absl::string_view raw, std::string& out) {
    for (size_t i = 0; i < raw.size(); ++i) {
      if (raw[i] == '<') {
        Problem(absl::StrCat("'<' inside an attribute value, line ", Line()));
        return false;
      }
      if (raw[i] != '&') {
        out += raw[i];
        continue;
      }
      const size_t semi = raw.find(';', i);
      if (semi == absl::string_view::npos) {
        Problem(absl::StrCat("'&' that starts no entity, line ", Line()));
        return false;
      }
      const absl::string_view entity = raw.substr(i + 1, semi - i - 1);
      static const std::map<absl::string_view, char> kNamed = {
          {"amp", '&'}, {"lt", '<'}, {"gt", '>'}, {"quot", '"'}, {"apos", '\''}};
      uint32_t code = 0;
      if (auto it = kNamed.find(entity); it != kNamed.end()) {
        out += it->second;
      } else if (entity.size() > 2 && entity[0] == '#' && entity[1] == 'x' &&
                 absl::SimpleHexAtoi(entity.substr(2), &code) && code >= 0x20) {
        out += '?';  // a character reference; its value matters not here
      } else if (entity.size() > 1 && entity[0] == '#' &&
                 absl::SimpleAtoi(entity.substr(1), &code) && code >= 0x20) {
        out += '?';
      } else {
        Problem(absl::StrCat("unknown entity '&", entity, ";', line ", Line()));
        return false;
      }
      i = semi;
    }
    return true;
  }

  std::unique_ptr<Element> ParseElement(int depth) {
    if (depth > 64) {
      Problem("elements nested over 64 deep");
      return nullptr;
    }
    auto element = std::make_unique<Element>();
    element->line = Line();
    ++pos_;  // '<'
    element->name = Name();
    if (element->name.empty()) {
      Problem(absl::StrCat("a tag without a name, line ", element->line));
      return nullptr;
    }
    std::set<std::string> seen;
    while (true) {
      SkipSpace();
      if (Starts("/>")) {
        pos_ += 2;
        return element;
      }
      if (Starts(">")) {
        ++pos_;
        break;
      }
      const std::string name = Name();
      SkipSpace();
      if (name.empty() || !Starts("=")) {
        Problem(absl::StrCat("a malformed attribute in <", element->name, ">, line ", Line()));
        return nullptr;
      }
      ++pos_;
      SkipSpace();
      if (pos_ >= xml_.size() || (xml_[pos_] != '"' && xml_[pos_] != '\'')) {
        Problem(absl::StrCat("attribute ", name, " of <", element->name, "> is not quoted"));
        return nullptr;
      }
      const char quote = xml_[pos_++];
      const size_t end = xml_.find(quote, pos_);
      if (end == absl::string_view::npos) {
        Problem(absl::StrCat("attribute ", name, " of <", element->name, "> never ends"));
        return nullptr;
      }
      std::string value;
      if (!Decode(xml_.substr(pos_, end - pos_), value)) return nullptr;
      pos_ = end + 1;
      if (!seen.insert(name).second) {
        Problem(absl::StrCat("attribute ", name, " twice in <", element->name, ">, line ",
                             element->line));
      }
      element->attributes.emplace_back(name, value);
    }
    while (pos_ < xml_.size()) {
      if (SkipMarkup("<!--", "-->") || SkipMarkup("<?", "?>")) continue;
      if (Starts("<![CDATA[")) {
        const size_t end = xml_.find("]]>", pos_);
        if (end == absl::string_view::npos) break;
        element->text.append(xml_.data() + pos_ + 9, end - pos_ - 9);
        pos_ = end + 3;
      } else if (Starts("</")) {
        pos_ += 2;
        const std::string name = Name();
        SkipSpace();
        if (name != element->name || !Starts(">")) {
          Problem(absl::StrCat("<", element->name, "> of line ", element->line, " closed by </",
                               name, ">"));
          return nullptr;
        }
        ++pos_;
        return element;
      } else if (Starts("<")) {
        std::unique_ptr<Element> child = ParseElement(depth + 1);
        if (child == nullptr) return nullptr;
        element->children.push_back(std::move(child));
      } else {
        const size_t end = std::min(xml_.find('<', pos_), xml_.size());
        const absl::string_view raw = xml_.substr(pos_, end - pos_);
        pos_ = end;
        if (raw.find("]]>") != absl::string_view::npos) {
          Problem(absl::StrCat("']]>' in text, line ", Line()));
        }
        if (!Decode(raw, element->text)) return nullptr;
      }
    }
    Problem(absl::StrCat("<", element->name, "> of line ", element->line, " is never closed"));
    return nullptr;
  }

  absl::string_view xml_;
  size_t pos_ = 0;
  std::vector<std::string>& problems_;
};

// xs:decimal: no exponent.
const RE2& Decimal() {
  static const RE2* const decimal = new RE2("[+-]?([0-9]+(\\.[0-9]*)?|\\.[0-9]+)");
  return *decimal;
}

// The schema's rules for one element.
class Rules {
 public:
  explicit Rules(std::vector<std::string>& problems) : problems_(problems) {}

  void Root(const Element& root) {
    if (root.name == "testsuite") {
      Testsuite(root, false);
    } else if (root.name == "testsuites") {
      for (const Element* suite : OnlyChildren(root, "testsuite")) Testsuite(*suite, true);
    } else {
      Problem(root, "is not a JUnit root (testsuites or testsuite)");
    }
  }

 private:
  void Problem(const Element& e, const std::string& what) {
    problems_.push_back(absl::StrCat("<", e.name, "> (line ", e.line, ") ", what));
  }
  static const std::string* Find(const Element& e, absl::string_view name) {
    for (const auto& [key, value] : e.attributes) {
      if (key == name) return &value;
    }
    return nullptr;
  }
  void Attributes(const Element& e, const std::set<std::string>& required,
                  const std::set<std::string>& optional) {
    for (const std::string& name : required) {
      if (Find(e, name) == nullptr) Problem(e, absl::StrCat("lacks the attribute ", name));
    }
    for (const auto& [name, value] : e.attributes) {
      if (required.count(name) == 0 && optional.count(name) == 0) {
        Problem(e, absl::StrCat("has the attribute ", name, ", which the schema does not allow"));
      }
    }
  }
  void NoText(const Element& e) {
    for (char c : e.text) {
      if (!absl::ascii_isspace(static_cast<unsigned char>(c))) {
        Problem(e, "holds text where only elements may be");
        return;
      }
    }
  }
  void TextOnly(const Element& e) {
    if (!e.children.empty()) Problem(e, "holds elements where only text may be");
  }
  void Matches(const Element& e, absl::string_view name, const RE2& pattern, const char* what) {
    const std::string* value = Find(e, name);
    if (value != nullptr && !RE2::FullMatch(*value, pattern)) {
      Problem(e, absl::StrCat(name, "=\"", *value, "\" is not ", what));
    }
  }
  int Int(const Element& e, absl::string_view name) {
    const std::string* value = Find(e, name);
    int n = -1;
    if (value != nullptr && !absl::SimpleAtoi(*value, &n)) {
      Problem(e, absl::StrCat(name, "=\"", *value, "\" is not an int"));
    }
    return n;
  }
  void NonEmpty(const Element& e, absl::string_view name) {
    const std::string* value = Find(e, name);
    if (value != nullptr && absl::StripAsciiWhitespace(*value).empty()) {
      Problem(e, absl::StrCat(name, " is empty"));
    }
  }

  // The children of an element that has no attributes and holds elements
  // named `name` only.
  std::vector<const Element*> OnlyChildren(const Element& parent, absl::string_view name) {
    Attributes(parent, {}, {});
    NoText(parent);
    std::vector<const Element*> children;
    for (const auto& child : parent.children) {
      if (child->name == name) {
        children.push_back(child.get());
      } else {
        Problem(*child, absl::StrCat("is not allowed in <", parent.name, ">"));
      }
    }
    return children;
  }

  void Testsuite(const Element& s, bool aggregated) {
    static const RE2 kTimestamp("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}");
    std::set<std::string> required = {"name",     "timestamp", "hostname", "tests",
                                      "failures", "errors",    "time"};
    if (aggregated) required.insert({"package", "id"});
    Attributes(s, required, {"skipped"});
    NonEmpty(s, "name");
    NonEmpty(s, "hostname");
    Matches(s, "timestamp", kTimestamp, "YYYY-MM-DDTHH:MM:SS without a zone");
    Matches(s, "time", Decimal(), "a decimal");
    if (aggregated) Int(s, "id");
    NoText(s);
    // properties, testcase*, system-out, system-err: in that order.
    const auto& children = s.children;
    size_t i = 0;
    if (i < children.size() && children[i]->name == "properties") {
      Properties(*children[i++]);
    } else {
      Problem(s, "lacks <properties> as its first element");
    }
    int tests = 0, failures = 0, errors = 0, skipped = 0;
    for (; i < children.size() && children[i]->name == "testcase"; ++i) {
      ++tests;
      const std::string outcome = Testcase(*children[i]);
      failures += outcome == "failure";
      errors += outcome == "error";
      skipped += outcome == "skipped";
    }
    for (const char* name : {"system-out", "system-err"}) {
      if (i < children.size() && children[i]->name == name) {
        Attributes(*children[i], {}, {});
        TextOnly(*children[i++]);
      } else {
        Problem(s, absl::StrCat("lacks <", name, "> after its testcases"));
      }
    }
    for (; i < children.size(); ++i) Problem(*children[i], "is out of place in <testsuite>");
    for (const auto& [name, count] : {std::pair("tests", tests), std::pair("failures", failures),
                                      std::pair("errors", errors)}) {
      if (const int n = Int(s, name); n >= 0 && n != count) {
        Problem(s, absl::StrCat(name, "=\"", n, "\" but it holds ", count));
      }
    }
    if (Find(s, "skipped") != nullptr) {
      if (const int n = Int(s, "skipped"); n >= 0 && n != skipped) {
        Problem(s, absl::StrCat("skipped=\"", n, "\" but it holds ", skipped));
      }
    }
  }

  void Properties(const Element& p) {
    for (const Element* property : OnlyChildren(p, "property")) {
      Attributes(*property, {"name", "value"}, {});
      NonEmpty(*property, "name");
      if (!property->children.empty()) Problem(*property, "holds elements");
    }
  }

  // "failure", "error", "skipped" or "" (passed).
  std::string Testcase(const Element& t) {
    Attributes(t, {"name", "classname", "time"}, {});
    NonEmpty(t, "name");
    Matches(t, "time", Decimal(), "a decimal");
    NoText(t);
    if (t.children.size() > 1) Problem(t, "holds more than one element");
    std::string outcome;
    for (const auto& child : t.children) {
      if (child->name == "failure" || child->name == "error") {
        Attributes(*child, {"type"}, {"message"});
        TextOnly(*child);
      } else if (child->name != "skipped") {
        Problem(*child, "is not allowed in <testcase> (only skipped, error or failure)");
        continue;
      }
      outcome = child->name;
    }
    return outcome;
  }

  std::vector<std::string>& problems_;
};

}  // namespace

std::vector<std::string> CheckAntJunit(absl::string_view xml) {
  std::vector<std::string> problems;
  std::unique_ptr<Element> root = Reader(xml, problems).Document();
  if (root != nullptr) Rules(problems).Root(*root);
  return problems;
}

}  // namespace onnx_conform
