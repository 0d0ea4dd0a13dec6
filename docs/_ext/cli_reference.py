"""A small Sphinx extension: the command-line reference, generated from the argparse parsers.

Usage in a page::

    .. cli-reference:: cli._cert_parser

The argument is the dotted path of a zero-argument function that returns an
:class:`argparse.ArgumentParser` (today ``cli._cert_parser`` and ``cli._mc_parser``; when the
parsers move, only this argument changes).  The directive renders the program's description and
usage, then one section per sub-command (recursively, for nested sub-commands) with its usage,
description, arguments (option strings, metavar, help, choices, default, required) and epilog.

Everything is built as docutils nodes from argparse's own data -- no text of the parsers is parsed
as reStructuredText, so a ``*`` or a backquote in a help string is shown as written.  The usage
lines are formatted by the parser's own formatter at 80 columns, as ``--help`` prints them in an
80-column terminal.
"""

from __future__ import annotations

import argparse
import importlib
import inspect

from docutils import nodes
from docutils.parsers.rst import Directive, directives

__all__ = ["setup", "CliReference", "load_parser", "subcommands"]

WIDTH = 80


def load_parser(path: str) -> argparse.ArgumentParser:
    """Import ``module.function`` and call it; the result must be an ``ArgumentParser``."""
    module_name, _, attr = path.rpartition(".")
    if not module_name:
        raise ValueError(f"cli-reference needs 'module.function', got {path!r}")
    builder = getattr(importlib.import_module(module_name), attr)
    parser = builder()
    if not isinstance(parser, argparse.ArgumentParser):
        raise TypeError(f"{path}() returned {type(parser).__name__}, not an argparse.ArgumentParser")
    return parser


def subcommands(parser: argparse.ArgumentParser) -> list[tuple[str, str, argparse.ArgumentParser]]:
    """``(name, one-line help, parser)`` of every sub-command of ``parser``, in definition order."""
    out = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            helps = {a.dest: a.help or "" for a in action._choices_actions}
            seen = set()
            for name, sub in action.choices.items():
                if id(sub) in seen:  # an alias of a sub-command already listed
                    continue
                seen.add(id(sub))
                out.append((name, helps.get(name, ""), sub))
    return out


def _formatter(parser: argparse.ArgumentParser) -> argparse.HelpFormatter:
    return parser.formatter_class(prog=parser.prog, width=WIDTH)


def _usage(parser: argparse.ArgumentParser) -> str:
    fmt = _formatter(parser)
    fmt.add_usage(parser.usage, parser._actions, parser._mutually_exclusive_groups)
    return fmt.format_help().strip()


def _raw(parser: argparse.ArgumentParser) -> bool:
    """True when the parser prints its description and epilog as written (Raw*HelpFormatter)."""
    cls = parser.formatter_class
    return inspect.isclass(cls) and issubclass(
        cls, (argparse.RawDescriptionHelpFormatter, argparse.RawTextHelpFormatter)
    )


def _text_blocks(text: str | None, raw: bool) -> list[nodes.Node]:
    """A description or epilog: a literal block when the parser keeps its layout, else paragraphs."""
    if not text:
        return []
    if raw:
        return [nodes.literal_block(text, text)]
    paras = [" ".join(p.split()) for p in text.split("\n\n")]
    return [nodes.paragraph(p, p) for p in paras if p]


def _invocation(action: argparse.Action, fmt: argparse.HelpFormatter) -> str:
    """``-v, --verbose`` or ``--dk DK`` or ``id``: the left column of ``--help``."""
    return fmt._format_action_invocation(action)


def _help(action: argparse.Action, fmt: argparse.HelpFormatter) -> str:
    if not action.help:
        return ""
    return " ".join(fmt._expand_help(action).split())


def _facts(action: argparse.Action, help_text: str, invocation: str) -> list[str]:
    """Choices, required and default, where ``--help`` would not already say them."""
    facts = []
    if action.choices and not isinstance(action, argparse._SubParsersAction) and "{" not in invocation:
        choices = ", ".join(str(c) for c in action.choices)
        if choices not in help_text:
            facts.append(f"choices: {choices}")
    if action.required and action.option_strings:
        facts.append("required")
    default = action.default
    shows_default = "default" in help_text.lower()
    if (
        action.option_strings
        and not shows_default
        and default not in (None, False, argparse.SUPPRESS)
        and not isinstance(action, (argparse._HelpAction, argparse._VersionAction, argparse._StoreConstAction))
    ):
        facts.append(f"default: {default}")
    return facts


def _arguments(parser: argparse.ArgumentParser) -> list[nodes.Node]:
    """Definition lists of the positional arguments and the options (sub-command actions left out)."""
    fmt = _formatter(parser)
    exclusive = {}
    for group in parser._mutually_exclusive_groups:
        for a in group._group_actions:
            exclusive[a] = [b for b in group._group_actions if b is not a]
    positional, optional = nodes.definition_list(), nodes.definition_list()
    for action in parser._actions:
        if action.help == argparse.SUPPRESS or isinstance(action, argparse._SubParsersAction):
            continue
        help_text = _help(action, fmt)
        invocation = _invocation(action, fmt)
        facts = _facts(action, help_text, invocation)
        others = [b.option_strings[-1] if b.option_strings else b.dest for b in exclusive.get(action, [])]
        if others:
            facts.append("not with " + ", ".join(others))
        term = nodes.term()
        term += nodes.literal(invocation, invocation)
        body = nodes.definition()
        text = help_text + (f" ({'; '.join(facts)})" if facts else "")
        body += nodes.paragraph(text, text)
        item = nodes.definition_list_item()
        item += term
        item += body
        (optional if action.option_strings else positional).append(item)
    out: list[nodes.Node] = []
    for title, dl in (("Positional arguments", positional), ("Options", optional)):
        if len(dl):
            out.append(nodes.rubric(title, title))
            out.append(dl)
    return out


class CliReference(Directive):
    """``.. cli-reference:: module.builder``: the reference of one program, built from its parser."""

    required_arguments = 1
    has_content = False
    option_spec = {"no-root": directives.flag}

    def run(self) -> list[nodes.Node]:
        path = self.arguments[0]
        try:
            parser = load_parser(path)
        except Exception as exc:  # shown as a build error (fatal under -W), with the cause
            raise self.error(f"cli-reference: cannot build the parser {path}: {exc!r}") from exc
        env = self.state.document.settings.env
        module = importlib.import_module(path.rpartition(".")[0])
        if getattr(module, "__file__", None):
            env.note_dependency(module.__file__)
        out: list[nodes.Node] = []
        if "no-root" not in self.options:
            out.extend(_text_blocks(parser.description, _raw(parser)))
            out.append(nodes.literal_block(_usage(parser), _usage(parser)))
            subs = subcommands(parser)
            if subs:
                out.append(self._summary(parser, subs))
            out.extend(_arguments(parser))
            out.extend(_text_blocks(parser.epilog, _raw(parser)))
        for name, help_text, sub in subcommands(parser):
            out.append(self._section(sub, help_text))
        return out

    def _summary(self, parser: argparse.ArgumentParser, subs) -> nodes.Node:
        """A bullet list of the sub-commands, each linking to its section."""
        lst = nodes.bullet_list()
        for name, help_text, sub in subs:
            para = nodes.paragraph()
            ref = nodes.reference("", "", internal=True, refid=nodes.make_id(sub.prog))
            ref += nodes.literal(name, name)
            para += ref
            if help_text:
                para += nodes.Text(" -- " + " ".join(help_text.split()))
            item = nodes.list_item()
            item += para
            lst += item
        return lst

    def _section(self, parser: argparse.ArgumentParser, help_text: str) -> nodes.section:
        sid = nodes.make_id(parser.prog)
        section = nodes.section(ids=[sid], names=[nodes.fully_normalize_name(parser.prog)])
        section += nodes.title(parser.prog, "", nodes.literal(parser.prog, parser.prog))
        self.state.document.note_implicit_target(section, section)
        if help_text and not parser.description:
            section += nodes.paragraph(help_text, help_text)
        section.extend(_text_blocks(parser.description, _raw(parser)))
        section += nodes.literal_block(_usage(parser), _usage(parser))
        section.extend(_arguments(parser))
        section.extend(_text_blocks(parser.epilog, _raw(parser)))
        for name, sub_help, sub in subcommands(parser):
            section += self._section(sub, sub_help)
        return section


def setup(app):
    app.add_directive("cli-reference", CliReference)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
