// Loading a game's renderer (`games/<name>.js`) together with its stylesheet (`css/games/<name>.css`).

export async function loadRenderer(name) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = `/static/css/games/${name}.css`;
  document.head.append(link);
  return import(`./games/${name}.js`);
}
