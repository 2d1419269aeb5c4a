// A test-only checker of JUnit XML against the strict JUnit schema of Apache
// Ant's JUnit and JUnitReport tasks (the one CI servers' strict readers
// use), its rules written out here rather than read from an XSD, so that no
// XML library is needed. Used by junit_report_test.cc and, as the program
// `oc-junit-check FILE...`, by the package test (cmake/package_test) on the
// files the CMake functions' tests and docs/ci.md's job write.
//
//   std::vector<std::string> problems = CheckAntJunit(xml);  // empty: it conforms
//
// The rules: a well-formed XML 1.0 document (UTF-8, matching tags, quoted
// attributes, known entities, no raw control character) whose root is
//   <testsuites>, no attribute, holding <testsuite> elements each with
//     `package` (token) and `id` (int) besides the testsuite's own; or
//   <testsuite> alone;
// a testsuite has the attributes name (non-empty), timestamp
// (YYYY-MM-DDTHH:MM:SS, no zone), hostname (non-empty), tests, failures,
// errors (int), time (decimal) and optionally skipped (int), nothing else;
// its children are, in order: one <properties> (only <property name=
// value=/> inside, name non-empty), any number of <testcase>, one
// <system-out> and one <system-err> (text only). A testcase has name,
// classname (tokens) and time (decimal), nothing else, and holds at most one
// of <skipped>, <error> or <failure> (the last two: text only, `type`
// required, `message` optional, nothing else), no <properties>, no
// <system-out>. Beyond the schema, Ant's own counts: tests, failures, errors
// and skipped equal the testcases and their elements.
#ifndef ONNX_CONFORM_TESTING_JUNIT_SCHEMA_CHECK_H_
#define ONNX_CONFORM_TESTING_JUNIT_SCHEMA_CHECK_H_

#include <string>
#include <vector>

#include "absl/strings/string_view.h"

namespace onnx_conform {

// Every broken rule, each naming the element (and line) it is about.
std::vector<std::string> CheckAntJunit(absl::string_view xml);

}  // namespace onnx_conform

#endif  // ONNX_CONFORM_TESTING_JUNIT_SCHEMA_CHECK_H_
