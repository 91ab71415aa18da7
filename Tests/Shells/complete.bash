# Completes a command line the way bash with bash-completion does on Tab, and prints the candidates.
#
# Usage: bash --norc --noprofile complete.bash SCRIPT|--installed|--eval 'COMMAND LINE'
#   SCRIPT       a completion script to source;
#   --installed  let bash-completion find the command's script itself, as in a new interactive shell
#                (bash-completion/completions under ~/.local/share and under each folder of $XDG_DATA_DIRS);
#   --eval       eval "$(tvm completion bash)", as a user's ~/.bashrc would (tvm found on PATH).
# The line is completed at its end; a trailing blank starts a new word. Words are split at blanks only.
# Output: one candidate per line, then a tab (bash shows no descriptions).
set -u
source /usr/share/bash-completion/bash_completion || exit 3
source_script=$1
line=$2
read -r -a words <<<"$line"
[[ $line == *" " ]] && words+=("")
if [[ $source_script == --installed ]]; then
    __load_completion "${words[0]}" || { echo "bash-completion found no completion for ${words[0]}" >&2; exit 4; }
elif [[ $source_script == --eval ]]; then
    eval "$(tvm completion bash)" || exit 3
else
    source "$source_script" || exit 3
fi
spec=$(complete -p "${words[0]}" 2>/dev/null) || { echo "no completion is registered for ${words[0]}" >&2; exit 4; }
function=${spec##*-F }
function=${function%% *}
COMP_LINE=$line
COMP_POINT=${#line}
COMP_WORDS=("${words[@]}")
COMP_CWORD=$((${#words[@]} - 1))
COMP_TYPE=9
COMPREPLY=()
previous=
((COMP_CWORD > 0)) && previous=${words[COMP_CWORD - 1]}
"$function" "${words[0]}" "${words[COMP_CWORD]}" "$previous"
for candidate in "${COMPREPLY[@]}"; do printf '%s\t\n' "$candidate"; done
