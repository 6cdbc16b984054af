export default function Home() {
  return <h1 className="p-10 text-3xl font-bold">Home</h1>;
}
