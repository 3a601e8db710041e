import { defineCommand } from "../command.js";
import { localizedUsageError } from "../terminal/language.js";

// Each script hands the words typed so far to `connectory __complete`, which knows the verbs, their
// options and the names in the home: one implementation for three shells, and never out of date.
const SCRIPTS: Record<string, string> = {
  bash: `# connectory completion for bash. Load it with:  source <(connectory completion bash)
_connectory_complete() {
  local IFS=$'\\n'
  COMPREPLY=($(connectory __complete -- "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
}
complete -o default -F _connectory_complete connectory
`,
  zsh: `#compdef connectory
# connectory completion for zsh. Load it with:  source <(connectory completion zsh)
# (after compinit), or save it as _connectory in a folder of your $fpath.
_connectory() {
  local -a candidates
  candidates=("\${(@f)$(connectory __complete -- "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  if (( \${#candidates} )) && [[ -n "\${candidates[1]}" ]]; then
    compadd -- "\${candidates[@]}"
  else
    _files
  fi
}
if [[ "\${zsh_eval_context[-1]}" == loadautofunc ]]; then
  _connectory "$@"
else
  compdef _connectory connectory
fi
`,
  fish: `# connectory completion for fish. Load it with:  connectory completion fish | source
# (or save it as ~/.config/fish/completions/connectory.fish).
function __connectory_complete
    set -l words (commandline -opc)
    set -e words[1]
    set -a words (commandline -ct)
    set -l found (connectory __complete -- $words 2>/dev/null)
    if test (count $found) -gt 0
        printf '%s\\n' $found
    else
        __fish_complete_path (commandline -ct)
    end
end
complete -c connectory -f -a '(__connectory_complete)'
`,
};

const command = defineCommand({
  usage: "completion bash|zsh|fish",
  description: `
Prints a completion script for your shell: verbs, their options and option values (hosts, formats,
scopes, marketplaces), installed connector names and server names. The script asks
\`connectory __complete\` for the candidates, so it stays current as you install connectors.
  bash   source <(connectory completion bash)          (add the line to ~/.bashrc)
  zsh    source <(connectory completion zsh)           (after compinit, in ~/.zshrc)
  fish   connectory completion fish | source           (or save it in ~/.config/fish/completions/)`,
  positionals: { min: 1, max: 1, complete: ["shell"] },
  async run(args) {
    const shell = args.positionals[0] as string;
    const script = Object.hasOwn(SCRIPTS, shell) ? SCRIPTS[shell] : undefined;
    if (script === undefined)
      throw localizedUsageError(
        { key: "usage.completion-shell", params: { shell: shell.slice(0, 40) } },
        { key: "usage.completion-shell-hint" },
      );
    return { data: { shell, script }, text: script };
  },
});
export default command;
