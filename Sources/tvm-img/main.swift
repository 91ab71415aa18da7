import TVMCLI

await ImgCommand.runAsTool()
